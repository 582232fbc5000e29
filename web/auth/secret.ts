import 'server-only'
import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { findProjectRoot } from '@/orders/locations'

const MIN_LENGTH = 32

/**
 * The key that signs session cookies: BETTER_AUTH_SECRET, or one generated on first start into
 * `.data/auth-secret` (mode 0600) so that `npm start` works on a fresh clone. Never in the repository.
 */
export function readAuthSecret(env: Record<string, string | undefined> = process.env): string {
  const configured = env.BETTER_AUTH_SECRET?.trim()
  if (configured) {
    if (configured.length < MIN_LENGTH) {
      throw new Error(`BETTER_AUTH_SECRET must be at least ${MIN_LENGTH} characters (try: openssl rand -base64 32).`)
    }
    return configured
  }
  return readOrCreateSecretFile(path.join(findProjectRoot(), '.data', 'auth-secret'))
}

/** Created exclusively, so two processes starting together agree on one secret. */
export function readOrCreateSecretFile(file: string): string {
  mkdirSync(path.dirname(file), { recursive: true })
  try {
    writeFileSync(file, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
  const secret = readFileSync(file, 'utf8').trim()
  if (secret.length < MIN_LENGTH) throw new Error(`${file} holds no usable secret: delete it and start again.`)
  return secret
}
