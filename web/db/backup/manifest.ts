/**
 * What a backup is: its files, its manifest, and the row counts and checksum a restore is held to.
 */
import 'server-only'
import { createHash } from 'node:crypto'
import { createReadStream, readFileSync } from 'node:fs'
import { stat } from 'node:fs/promises'
import { pipeline } from 'node:stream/promises'
import path from 'node:path'
import type { PGlite } from '@electric-sql/pglite'
import type { Client } from 'pg'
import { migrationsFolder } from '../locations'

export const MANIFEST_FILE = 'manifest.json'
export const KEYS_FILE = 'keys.env'
export const DUMP_FILES = { pglite: 'pglite.tar.gz', postgres: 'database.dump' } as const
export type Engine = keyof typeof DUMP_FILES

export type Manifest = {
  format: 'handback-database-backup'
  version: 1
  engine: Engine
  createdAt: string
  file: string
  bytes: number
  sha256: string
  /** Migrations applied in the copy: a restore refuses a copy newer than its code. */
  migrations: number
  /** Each table (`schema.table`) and its rows in the copy. */
  rows: Record<string, number>
  /** Whether keys.env (the keys that open bank details and sign sessions) was written beside it. */
  keys: boolean
}

/** A problem the person running the command can fix; said in one line, with no stack trace. */
export class BackupError extends Error {
  override readonly name = 'BackupError'
}

type Query = <T extends Record<string, unknown>>(text: string) => Promise<T[]>

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`

/** Every table of ours (the app's and the migrations' record) and its row count, in a stable order. */
export async function countRows(query: Query): Promise<Record<string, number>> {
  const tables = await query<{ schema: string; name: string }>(
    `select table_schema as schema, table_name as name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema in ('public', 'drizzle')
      order by table_schema, table_name`,
  )
  const rows: Record<string, number> = {}
  for (const { schema, name } of tables) {
    const [found] = await query<{ n: number }>(`select count(*)::int as n from ${quote(schema)}.${quote(name)}`)
    rows[`${schema}.${name}`] = found?.n ?? 0
  }
  return rows
}

export const pgliteQuery =
  (pg: PGlite): Query =>
  async <T extends Record<string, unknown>>(text: string) =>
    (await pg.query<T>(text)).rows

export const clientQuery =
  (client: Client): Query =>
  async <T extends Record<string, unknown>>(text: string) =>
    (await client.query<T>(text)).rows

/** How many migrations this code knows: a copy made by newer code is not restored by older code. */
export function knownMigrations(): number {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[]
  }
  return journal.entries.length
}

/** A file's size and SHA-256, read as a stream: a server's dump may be larger than memory. */
export async function fingerprint(file: string): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256')
  await pipeline(createReadStream(file), hash)
  return { bytes: (await stat(file)).size, sha256: hash.digest('hex') }
}
