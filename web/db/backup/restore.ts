/** Restoring a backup: its manifest and checksum checked, then into an empty PGlite folder or a new database. */
import 'server-only'
import { existsSync, readdirSync } from 'node:fs'
import { mkdir, readFile, rename } from 'node:fs/promises'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { Client } from 'pg'
import { acquirePgliteLock } from '../pglite-lock'
import {
  BackupError,
  clientQuery,
  countRows,
  DUMP_FILES,
  fingerprint,
  knownMigrations,
  MANIFEST_FILE,
  pgliteQuery,
  type Manifest,
} from './manifest'
import { connect, redact, runTool } from './postgres-tools'

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
