/** Writing a backup: from PGlite (the running site's copy, or a folder nobody holds) or from a server by pg_dump. */
import 'server-only'
import { chmod, mkdir, writeFile } from 'node:fs/promises'
import { existsSync, readdirSync } from 'node:fs'
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
  KEYS_FILE,
  MANIFEST_FILE,
  pgliteQuery,
  type Engine,
  type Manifest,
} from './manifest'
import { connect, runTool } from './postgres-tools'

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
