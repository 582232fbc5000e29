/** PostgreSQL's own tools for a backup: connecting, pg_dump and pg_restore, and URLs without their password. */
import 'server-only'
import { spawn } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import type { Client } from 'pg'
import { environmentWith, postgresBinDir } from '@/config'
import { BackupError } from './manifest'

export async function connect(client: Client, url: string): Promise<void> {
  try {
    await client.connect()
  } catch (error) {
    throw new BackupError(`Could not connect to ${redact(url)}: ${(error as Error).message}`)
  }
}

/** The URL without its password, for messages. */
export function redact(url: string): string {
  const parsed = new URL(url)
  if (parsed.password) parsed.password = '***'
  return parsed.toString()
}

/** pg_dump or pg_restore: PG_BIN_DIR, else the newest installed PostgreSQL's, else PATH. */
export function toolPath(name: 'pg_dump' | 'pg_restore'): string {
  const configured = postgresBinDir()
  if (configured) return path.join(configured, name)
  const base = '/usr/lib/postgresql'
  const versions = existsSync(base)
    ? readdirSync(base)
        .filter((version) => existsSync(path.join(base, version, 'bin', name)))
        .sort((a, b) => Number(b) - Number(a))
    : []
  return versions[0] ? path.join(base, versions[0], 'bin', name) : name
}

/** The password travels in the tool's environment, never on a command line another user can read. */
export function runTool(name: 'pg_dump' | 'pg_restore', args: string[], url: string): Promise<void> {
  const parsed = new URL(url)
  const password = decodeURIComponent(parsed.password)
  parsed.password = ''
  const env = environmentWith(password ? { PGPASSWORD: password } : {})
  return new Promise((resolve, reject) => {
    const child = spawn(toolPath(name), [...args, `--dbname=${parsed.toString()}`], {
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.on('error', (error) =>
      reject(
        new BackupError(`${name} could not be run (${error.message}): install PostgreSQL's client, or set PG_BIN_DIR.`),
      ),
    )
    child.on('close', (code) =>
      code === 0
        ? resolve()
        : reject(new BackupError(`${name} failed (exit ${code}): ${stderr.trim().split('\n').slice(-3).join(' ')}`)),
    )
  })
}
