import 'server-only'
import { randomBytes } from 'node:crypto'
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { authSecretSetting, databaseUrl, dataFolder, payoutKeySettings, type Env } from '@/config'

const MIN_LENGTH = 32

/**
 * The key that signs session cookies: BETTER_AUTH_SECRET, or one generated on first start into
 * `.data/auth-secret` (mode 0600) so that `npm start` works on a fresh clone. Never in the repository.
 */
export function readAuthSecret(env?: Env): string {
  const configured = authSecretSetting(env)
  if (configured) {
    if (configured.length < MIN_LENGTH) {
      throw new Error(`BETTER_AUTH_SECRET must be at least ${MIN_LENGTH} characters (try: openssl rand -base64 32).`)
    }
    return configured
  }
  refuseGeneratedKey('BETTER_AUTH_SECRET', env)
  return readOrCreateSecretFile(path.join(dataFolder(), 'auth-secret'))
}

/**
 * The keys every instance on one database must hold alike: sessions and order links signed by one
 * instance are checked by the others, and bank details sealed by one are opened by another. Listed
 * when missing while DATABASE_URL names a shared database (the server then refuses to start).
 */
export function missingSharedSecrets(env?: Env): string[] {
  if (!databaseUrl(env)) return []
  return [
    ...(authSecretSetting(env) ? [] : ['BETTER_AUTH_SECRET']),
    ...(payoutKeySettings(env).current ? [] : ['PAYOUT_ENCRYPTION_KEY']),
  ]
}

/**
 * At start: with a shared database and a shared key missing, says which and ends the process
 * (exit 1) rather than serve with keys no other instance holds.
 */
export function refuseToStartWithoutSharedSecrets(env?: Env): void {
  const missing = missingSharedSecrets(env)
  if (!missing.length) return
  console.error(
    `Not starting: DATABASE_URL names a shared database, so ${missing.join(' and ')} must be set, the same on every instance (see .env.example).`,
  )
  process.exit(1)
}

/**
 * A key generated into this machine's `.data/` is right for one process on the embedded database,
 * and wrong beside a shared one: another instance would generate a different key.
 */
export function refuseGeneratedKey(name: string, env?: Env): void {
  if (databaseUrl(env)) {
    throw new Error(
      `${name} must be set when DATABASE_URL is: every instance on a shared database needs the same key, and none is generated.`,
    )
  }
}

/**
 * Written in full under a name of its own, then linked into place: the link fails if another
 * process got there first, so two processes starting together agree on one secret, and neither
 * reads a file the other has created but not yet filled.
 */
export function readOrCreateSecretFile(file: string): string {
  mkdirSync(path.dirname(file), { recursive: true })
  if (!existsSync(file)) {
    const temporary = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`
    writeFileSync(temporary, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 })
    try {
      linkSync(temporary, file)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    } finally {
      rmSync(temporary, { force: true })
    }
  }
  const secret = readFileSync(file, 'utf8').trim()
  if (secret.length < MIN_LENGTH) throw new Error(`${file} holds no usable secret: delete it and start again.`)
  return secret
}
