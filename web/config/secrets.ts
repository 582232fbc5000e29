import 'server-only'
import { randomBytes } from 'node:crypto'
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { authSecretSetting, dataFolder, type Env } from '@/config'

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
  return readOrCreateSecretFile(path.join(dataFolder(), 'auth-secret'))
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
