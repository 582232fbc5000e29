import { spawn, type ChildProcess } from 'node:child_process'
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect } from '@playwright/test'
import { JOBS_EVERY_SECONDS, SERVER_SECRETS } from './e2e-env'

export type SiteCopy = {
  origin: string
  log: () => string
  stop: () => void
  /** The server's process: the signal for a graceful stop goes to it, and its exit code says how it went. */
  process: ChildProcess
  exited: Promise<number | null>
}

type Options = {
  port: number
  /** The copy's build folder under web/, e.g. `.next-facts`. */
  dist: string
  /** Its content source, database, outbox and anything else it must not share with the main server. */
  env: Record<string, string>
}

/**
 * A second `next start` on a copy of the main e2e server's build, without its data cache: the same
 * prerendered pages, but every page a webhook refreshes reads the content source given in `env`.
 * It runs in its own process group, so the server stops with it. Like the main e2e server it
 * trusts one proxy in front (TRUSTED_PROXIES=1) unless `env` says otherwise.
 */
export async function startSiteCopy(options: Options): Promise<SiteCopy> {
  const site = spawnSiteCopy(options)
  await expect(async () => {
    const response = await fetch(`${site.origin}/`)
    expect(response.status).toBe(200)
  }).toPass({ timeout: 60_000 })
  return site
}

/** The same, without waiting for it to serve: for a copy that is meant to refuse to start. */
export function spawnSiteCopy({ port, dist, env }: Options): SiteCopy {
  const web = path.join(process.cwd(), 'web')
  rmSync(path.join(web, dist), { recursive: true, force: true })
  const built = path.join(web, process.env.NEXT_DIST_DIR || '.next')
  cpSync(built, path.join(web, dist), {
    recursive: true,
    filter: (from) => !from.startsWith(path.join(built, 'cache')),
  })
  const server: ChildProcess = spawn(
    'node',
    ['scripts/server.mjs', '--port', String(port), '--hostname', '127.0.0.1'],
    {
      env: {
        ...process.env,
        ...SERVER_SECRETS,
        TRUSTED_PROXIES: '1',
        JOBS_EVERY_SECONDS: String(JOBS_EVERY_SECONDS),
        NEXT_DIST_DIR: dist,
        // A carrier stand-in of its own, beside its port, not the main server's or another copy's.
        CARRIER_URL: '',
        CARRIER_STANDIN_PORT: String(port + 1003),
        // And a text-message stand-in of its own.
        SMS_URL: '',
        SMS_STANDIN_PORT: String(port + 1004),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    },
  )
  let log = ''
  server.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()))
  server.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()))
  const origin = `http://127.0.0.1:${port}`
  const exited = new Promise<number | null>((resolve) => server.on('exit', resolve))
  return {
    origin,
    process: server,
    exited,
    log: () => log,
    stop: () => {
      if (server.pid && server.exitCode === null) {
        try {
          process.kill(-server.pid, 'SIGTERM')
        } catch {
          // Already gone.
        }
      }
      rmSync(path.join(web, dist), { recursive: true, force: true })
    },
  }
}

/**
 * A database and an outbox of a copy's own (PGlite serves one process, so a test that works on the
 * database while its copy is stopped needs one no other server opens), and how to remove them.
 */
export function ownData(prefix: string) {
  const home = mkdtempSync(path.join(tmpdir(), prefix))
  const env = {
    PGLITE_DATA_DIR: path.join(home, 'pglite'),
    MAIL_OUTBOX_DIR: path.join(home, 'outbox'),
    DATABASE_URL: '',
  }
  return { env, remove: () => rmSync(home, { recursive: true, force: true }) }
}

/**
 * Stops a copy and waits until its process has exited, so its database is free to open. A copy
 * stops answering as soon as it is told to stop, but it holds its database (and PGlite's lock) while
 * it lets the requests in flight finish and the e-mail being sent go out: "no longer answers" is
 * not "gone".
 */
export async function stopAndWait(copy: SiteCopy) {
  copy.stop()
  const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 40_000).unref())
  const outcome = await Promise.race([copy.exited.then(() => 'exited' as const), timeout])
  if (outcome === 'timeout')
    throw new Error(`The copy at ${copy.origin} had not exited 40 s after it was told to stop.`)
  await expect(fetch(`${copy.origin}/`)).rejects.toThrow()
}
