// `npm run db:backup -- DIR [--with-keys] [--server URL]`
// Copies people's data into DIR (a new folder), with a manifest of every table's rows as copied.
// - DATABASE_URL set: pg_dump in custom format, in one snapshot, while the site serves.
// - The embedded database (PGlite): while the site runs, the site itself makes the copy, between
//   two queries (it alone holds the folder); asked at --server (default http://127.0.0.1:PORT),
//   with a request signed by the site's secret. With the site stopped, the folder is copied here.
// The copy is opened and counted before the command says it is done. The keys that open bank
// details and sign sessions are not in it: --with-keys writes them to DIR/keys.env, to be kept
// apart from the backups (docs/recovery.md says where).
import path from 'node:path'
import { parseArgs } from 'node:util'
import { authSecretSetting, databaseUrl, listenPort, pgliteDataDir } from '@/config'
import { readAuthSecret } from '@/config/secrets'
import {
  backupServer,
  BackupError,
  dumpPgliteFolder,
  prepareBackupFolder,
  redact,
  writePgliteBackup,
  type Manifest,
} from '@/db/backup'
import { signBackupRequest } from '@/db/backup-request'
import { DatabaseInUseError } from '@/db/connection'
import { readPayoutKeys } from '@/payouts/payout-crypto'

const USAGE = 'Usage: npm run db:backup -- DIR [--with-keys] [--server URL]'

async function main() {
  const { values, positionals } = parseArgs({
    options: { 'with-keys': { type: 'boolean' }, server: { type: 'string' } },
    allowPositionals: true,
  })
  if (positionals.length !== 1) return fail(USAGE, 2)
  const dir = path.resolve(positionals[0]!)
  const keys = values['with-keys'] ? keysEnv() : null
  await prepareBackupFolder(dir)

  const url = databaseUrl()
  let manifest: Manifest
  if (url) {
    console.log(`Copying ${redact(url)} with pg_dump…`)
    manifest = await backupServer(url, dir, keys)
  } else {
    manifest = await writePgliteBackup(dir, await pgliteCopy(values.server), keys)
  }
  const rows = Object.values(manifest.rows).reduce((sum, n) => sum + n, 0)
  console.log(
    `Backed up ${manifest.engine === 'pglite' ? 'the embedded database' : 'the PostgreSQL database'} to ${dir}: ` +
      `${Object.keys(manifest.rows).length} tables, ${rows} rows, ${manifest.bytes} bytes (sha256 ${manifest.sha256.slice(0, 12)}…).`,
  )
  console.log(
    keys
      ? `The keys are in ${path.join(dir, 'keys.env')}: move that file to where your keys are kept, away from the backups.`
      : 'No keys are in it: without BETTER_AUTH_SECRET and the payout key, sessions and bank details in it cannot be opened.',
  )
}

/** The folder's copy: from the site that holds it, or straight from the folder when none does. */
async function pgliteCopy(server: string | undefined): Promise<Blob> {
  const folder = pgliteDataDir()
  try {
    return await dumpPgliteFolder(folder)
  } catch (error) {
    if (!(error instanceof DatabaseInUseError)) throw error
  }
  const origin = server ?? `http://127.0.0.1:${listenPort()}`
  console.log(`The site (process holding ${folder}) is running: asking it at ${origin} for its copy…`)
  let response: Response
  try {
    response = await fetch(new URL('/api/backup', origin), {
      method: 'POST',
      headers: { authorization: signBackupRequest() },
    })
  } catch (error) {
    throw new BackupError(
      `${folder} is in use, and no site answered at ${origin} (${(error as Error).message}): give the site's address with --server, or stop it and run this again.`,
    )
  }
  if (!response.ok) {
    const { error } = (await response.json().catch(() => ({}))) as { error?: string }
    throw new BackupError(`The site at ${origin} refused (${response.status}): ${error ?? response.statusText}`)
  }
  return response.blob()
}

/** The keys in force now, as environment lines that give them back to the site. */
function keysEnv(): string {
  const payout = readPayoutKeys()
  const encode = (bytes: Buffer) => bytes.toString('base64url')
  return [
    '# Keep this file apart from the backups it came with: it opens the bank details in them.',
    `# Written by npm run db:backup on ${new Date().toISOString()}${authSecretSetting() ? '' : ' (generated keys from .data/)'}.`,
    `BETTER_AUTH_SECRET=${readAuthSecret()}`,
    `PAYOUT_ENCRYPTION_KEY=${encode(payout.current.bytes)}`,
    `PAYOUT_ENCRYPTION_OLD_KEYS=${payout.old.map((key) => encode(key.bytes)).join(',')}`,
    '',
  ].join('\n')
}

function fail(message: string, code: number) {
  console.error(message)
  process.exitCode = code
}

main().catch((error: Error) => {
  // Our own refusals are one line; anything else names what failed, never a stack of personal data.
  console.error(`db:backup failed: ${error.message}`)
  process.exitCode = 1
})
