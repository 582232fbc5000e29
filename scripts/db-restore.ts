// `npm run db:restore -- DIR [--replace] [--with-keys]`
// Restores the backup in DIR, after checking its checksum, into:
// - DATABASE_URL's database, which must have no tables yet (make a new one with createdb): one
//   transaction, so a failed restore leaves it empty;
// - or the embedded database's folder (PGLITE_DATA_DIR, default .data/pglite), with the site
//   stopped. A folder that already holds a database is refused, or with --replace moved aside.
// Every table's rows are then counted and compared with the backup's manifest, and the migrations
// this code has that the backup had not are applied. --with-keys puts an embedded database's keys
// from DIR/keys.env back into .data/ (never over different ones).
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { dataFolder, databaseUrl, pgliteDataDir } from '@/config'
import { BackupError, differences, KEYS_FILE, readBackup, redact, restorePglite, restoreServer } from '@/db/backup'
import { DatabaseInUseError, openDatabase } from '@/db/connection'

const USAGE = 'Usage: npm run db:restore -- DIR [--replace] [--with-keys]'

async function main() {
  const { values, positionals } = parseArgs({
    options: { replace: { type: 'boolean' }, 'with-keys': { type: 'boolean' } },
    allowPositionals: true,
  })
  if (positionals.length !== 1) return fail(USAGE, 2)
  const dir = path.resolve(positionals[0]!)
  const { manifest, file } = await readBackup(dir)
  const url = databaseUrl()
  const target = url ? 'postgres' : 'pglite'
  if (manifest.engine !== target) {
    throw new BackupError(
      `The backup is of ${manifest.engine === 'pglite' ? 'the embedded database' : 'a PostgreSQL server'}, and ${url ? 'DATABASE_URL names a server' : 'DATABASE_URL is not set'}: restore it where it came from.`,
    )
  }

  let found: Record<string, number>
  if (url) {
    ;({ rows: found } = await restoreServer(file, url))
  } else {
    try {
      const restored = await restorePglite(file, pgliteDataDir(), { replace: values.replace })
      found = restored.rows
      if (restored.movedAside) console.log(`The database that was there is now in ${restored.movedAside}.`)
    } catch (error) {
      if (error instanceof DatabaseInUseError) {
        throw new BackupError(`${error.dataDir} is in use by process ${error.pid}: stop the site, then restore.`)
      }
      throw error
    }
  }
  const wrong = differences(manifest.rows, found)
  if (wrong.length) throw new BackupError(`The restored database differs from the backup:\n  ${wrong.join('\n  ')}`)

  // Brings a backup made before the latest migrations up to this code's schema.
  const opened = await openDatabase(url ? { url } : { dataDir: pgliteDataDir() })
  await opened.close()
  if (values['with-keys']) restoreKeys(dir, Boolean(url))

  const rows = Object.values(found).reduce((sum, n) => sum + n, 0)
  console.log(
    `Restored ${Object.keys(found).length} tables, ${rows} rows, made ${manifest.createdAt}, into ${url ? redact(url) : pgliteDataDir()}: every table's rows match the backup.`,
  )
}

/** The embedded database's generated keys, back into .data/ (a server's keys are its environment's). */
function restoreKeys(dir: string, server: boolean) {
  const file = path.join(dir, KEYS_FILE)
  if (!existsSync(file)) throw new BackupError(`${file} is missing: this backup was made without --with-keys.`)
  if (server) {
    console.log(`With DATABASE_URL the keys are settings: set the values in ${file} in every instance's environment.`)
    return
  }
  const values = Object.fromEntries(
    readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => /^[A-Z_]+=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  )
  for (const [name, fileName] of [
    ['BETTER_AUTH_SECRET', 'auth-secret'],
    ['PAYOUT_ENCRYPTION_KEY', 'payout-key'],
  ] as const) {
    const value = values[name]
    if (!value) continue
    const keyFile = path.join(dataFolder(), fileName)
    if (existsSync(keyFile)) {
      if (readFileSync(keyFile, 'utf8').trim() !== value) {
        throw new BackupError(
          `${keyFile} holds a different key: move it aside first if the backup's key is the one to use.`,
        )
      }
      continue
    }
    writeFileSync(keyFile, value, { mode: 0o600, flag: 'wx' })
    console.log(`Wrote ${keyFile}.`)
  }
}

function fail(message: string, code: number) {
  console.error(message)
  process.exitCode = code
}

main().catch((error: Error) => {
  console.error(`db:restore failed: ${error.message}`)
  process.exitCode = 1
})
