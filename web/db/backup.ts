import 'server-only'
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { createReadStream, existsSync, readdirSync, readFileSync } from 'node:fs'
import { chmod, mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises'
import { pipeline } from 'node:stream/promises'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { Client } from 'pg'
import { environmentWith, postgresBinDir } from '@/config'
import { migrationsFolder } from './locations'
import { acquirePgliteLock } from './pglite-lock'

/**
 * Backups of people's data that are known to restore. A backup is a folder: the engine's own copy
 * (PGlite's data folder as a gzipped tar, or pg_dump's custom format) beside `manifest.json`, which
 * says what it holds: the engine, its checksum, and every table's row count as copied. The counts
 * are taken from the copy itself (PGlite: by opening it; PostgreSQL: in pg_dump's own snapshot), so
 * a restore can prove it brought back exactly what was copied. Keys are never in it unless asked.
 */
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

const pgliteQuery =
  (pg: PGlite): Query =>
  async <T extends Record<string, unknown>>(text: string) =>
    (await pg.query<T>(text)).rows

const clientQuery =
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

// --- Writing a backup ---------------------------------------------------------------------------

/** An empty folder of the backup's own, readable by its owner only. */
export async function prepareBackupFolder(dir: string): Promise<void> {
  if (existsSync(dir) && readdirSync(dir).length > 0) {
    throw new BackupError(`${dir} is not empty: give a new folder for each backup, so none is overwritten.`)
  }
  await mkdir(dir, { recursive: true, mode: 0o700 })
  await chmod(dir, 0o700)
}

async function writePrivate(file: string, data: string | Uint8Array): Promise<void> {
  await writeFile(file, data, { mode: 0o600, flag: 'wx' })
}

/** A file's size and SHA-256, read as a stream: a server's dump may be larger than memory. */
async function fingerprint(file: string): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256')
  await pipeline(createReadStream(file), hash)
  return { bytes: (await stat(file)).size, sha256: hash.digest('hex') }
}

/**
 * PGlite's copy (from the running site, or from a folder nobody holds), written to `dir` once it
 * has been opened and counted: a copy that does not open fails here, not on the day it is needed.
 */
export async function writePgliteBackup(dir: string, tarball: Blob, keys: string | null): Promise<Manifest> {
  const data = new Uint8Array(await tarball.arrayBuffer())
  const copy = await PGlite.create({ loadDataDir: new Blob([data]) })
  let rows: Record<string, number>
  try {
    rows = await countRows(pgliteQuery(copy))
  } finally {
    await copy.close()
  }
  await writePrivate(path.join(dir, DUMP_FILES.pglite), data)
  return finishBackup(dir, 'pglite', rows, keys)
}

/** Beside the engine's file, already written: the keys if asked, then the manifest that describes it. */
async function finishBackup(
  dir: string,
  engine: Engine,
  rows: Record<string, number>,
  keys: string | null,
): Promise<Manifest> {
  const manifest: Manifest = {
    format: 'handback-database-backup',
    version: 1,
    engine,
    createdAt: new Date().toISOString(),
    file: DUMP_FILES[engine],
    ...(await fingerprint(path.join(dir, DUMP_FILES[engine]))),
    migrations: rows['drizzle.__drizzle_migrations'] ?? 0,
    rows,
    keys: keys !== null,
  }
  if (keys !== null) await writePrivate(path.join(dir, KEYS_FILE), keys)
  // Written last: a folder with a manifest is a finished backup.
  await writePrivate(path.join(dir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`)
  return manifest
}

/** A PGlite folder no process holds, copied after a checkpoint. */
export async function dumpPgliteFolder(dataDir: string): Promise<Blob> {
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) throw new BackupError(`There is no database in ${dataDir}.`)
  const release = acquirePgliteLock(dataDir)
  try {
    const pg = await PGlite.create(dataDir)
    try {
      await pg.exec('CHECKPOINT')
      return await pg.dumpDataDir('gzip')
    } finally {
      await pg.close()
    }
  } finally {
    release()
  }
}

/**
 * A PostgreSQL database copied by pg_dump (custom format) while it serves. The row counts are taken
 * in the snapshot pg_dump copies (exported from a transaction held open until it has finished), so
 * they are the copy's, even while orders are being placed.
 */
export async function backupServer(url: string, dir: string, keys: string | null): Promise<Manifest> {
  const client = new Client({ connectionString: url })
  await connect(client, url)
  const file = path.join(dir, DUMP_FILES.postgres)
  try {
    await client.query('begin isolation level repeatable read read only')
    const [{ snapshot }] = (await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot'))
      .rows as [{ snapshot: string }]
    const rows = await countRows(clientQuery(client))
    await runTool(
      'pg_dump',
      ['--format=custom', '--no-owner', '--no-privileges', `--snapshot=${snapshot}`, `--file=${file}`],
      url,
    )
    await client.query('commit')
    await chmod(file, 0o600)
    return await finishBackup(dir, 'postgres', rows, keys)
  } finally {
    await client.end().catch(() => undefined)
  }
}

// --- Restoring ----------------------------------------------------------------------------------

/**
 * The manifest's file, refused unless it is a plain name of a file beside the manifest: a manifest
 * edited to point elsewhere (`../`, an absolute path) must not make a restore read, and load into
 * the database, a file outside the backup.
 */
function plainFileName(name: unknown, manifestFile: string): string {
  if (typeof name !== 'string' || !/^[^/\\\0]+$/.test(name) || name === '.' || name === '..' || path.isAbsolute(name)) {
    throw new BackupError(
      `${manifestFile} names ${JSON.stringify(name)} as its file, which is not a plain file name inside the backup folder: refused before reading anything.`,
    )
  }
  return name
}

/** The backup in `dir`, checked: its manifest, its file's checksum, and code that knows its migrations. */
export async function readBackup(dir: string): Promise<{ manifest: Manifest; file: string }> {
  const manifestFile = path.join(dir, MANIFEST_FILE)
  if (!existsSync(manifestFile)) {
    throw new BackupError(`${dir} holds no finished backup: ${MANIFEST_FILE} is missing.`)
  }
  const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as Manifest
  if (manifest.format !== 'handback-database-backup' || manifest.version !== 1 || !(manifest.engine in DUMP_FILES)) {
    throw new BackupError(`${manifestFile} is not a backup this code can read.`)
  }
  const file = path.join(dir, plainFileName(manifest.file, manifestFile))
  const found = await fingerprint(file)
  if (found.bytes !== manifest.bytes || found.sha256 !== manifest.sha256) {
    throw new BackupError(`${file} is damaged: its checksum is not the one the backup recorded.`)
  }
  if (manifest.migrations > knownMigrations()) {
    throw new BackupError(
      `The backup was made by newer code (${manifest.migrations} migrations; this code knows ${knownMigrations()}): restore it with that version.`,
    )
  }
  return { manifest, file }
}

/** What a restore brought back, against what the backup recorded: empty when they agree. */
export function differences(expected: Record<string, number>, found: Record<string, number>): string[] {
  const tables = [...new Set([...Object.keys(expected), ...Object.keys(found)])].sort()
  return tables
    .filter((table) => expected[table] !== found[table])
    .map((table) => `${table}: ${expected[table] ?? 'absent'} in the backup, ${found[table] ?? 'absent'} restored`)
}

/**
 * A backup's tarball into a PGlite folder no process holds. The folder must be empty or missing; with `replace`, what
 * is there is moved aside (never deleted) first. Answers the rows found in the restored copy.
 */
export async function restorePglite(
  tarball: string,
  dataDir: string,
  { replace = false }: { replace?: boolean } = {},
): Promise<{ rows: Record<string, number>; movedAside: string | null }> {
  const folder = path.resolve(dataDir)
  const release = acquirePgliteLock(folder)
  try {
    let movedAside: string | null = null
    if (existsSync(folder) && readdirSync(folder).length > 0) {
      if (!replace) {
        throw new BackupError(
          `${folder} already holds a database: restore into an empty folder (PGLITE_DATA_DIR), or add --replace to move it aside first.`,
        )
      }
      movedAside = `${folder}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`
      await rename(folder, movedAside)
    }
    await mkdir(folder, { recursive: true, mode: 0o700 })
    const pg = await PGlite.create(folder, { loadDataDir: new Blob([new Uint8Array(await readFile(tarball))]) })
    try {
      return { rows: await countRows(pgliteQuery(pg)), movedAside }
    } finally {
      await pg.close()
    }
  } finally {
    release()
  }
}

/**
 * Into a PostgreSQL database with no tables of ours (a new one: `createdb`), in one transaction:
 * a restore that fails leaves the database as empty as it was. Answers the rows restored.
 */
export async function restoreServer(dumpFile: string, url: string): Promise<{ rows: Record<string, number> }> {
  const client = new Client({ connectionString: url })
  await connect(client, url)
  try {
    const [{ tables }] = (
      await client.query<{ tables: number }>(
        `select count(*)::int as tables from information_schema.tables where table_schema in ('public', 'drizzle')`,
      )
    ).rows as [{ tables: number }]
    if (tables > 0) {
      throw new BackupError(
        `The database at ${redact(url)} already has ${tables} table(s): restore into a new, empty database (createdb), then point DATABASE_URL at it.`,
      )
    }
    await runTool(
      'pg_restore',
      ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', dumpFile],
      url,
    )
    return { rows: await countRows(clientQuery(client)) }
  } finally {
    await client.end().catch(() => undefined)
  }
}

// --- PostgreSQL's tools ---------------------------------------------------------------------------

async function connect(client: Client, url: string): Promise<void> {
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
function runTool(name: 'pg_dump' | 'pg_restore', args: string[], url: string): Promise<void> {
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
