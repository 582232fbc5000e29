import 'server-only'
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'
import path from 'node:path'
import { readOrCreateSecretFile, refuseGeneratedKey } from '@/config/secrets'
import { dataFolder, payoutKeySettings, type Env } from '@/config/index'

import type { PayoutDetails } from './methods'

type Key = { id: string; bytes: Buffer }
export type PayoutKeys = { current: Key; old: Key[] }

const VERSION = 'v1'

/**
 * The keys: PAYOUT_ENCRYPTION_KEY (32 bytes, base64 or hex) seals; it and any in
 * PAYOUT_ENCRYPTION_OLD_KEYS (comma-separated) open. Without a configured key, one is generated
 * into `.data/payout-key` (mode 0600) on first use, so a fresh clone works and no key is committed.
 */
export function readPayoutKeys(env?: Env): PayoutKeys {
  const settings = payoutKeySettings(env)
  const configured = settings.current
  if (!configured) refuseGeneratedKey('PAYOUT_ENCRYPTION_KEY', env)
  const current = configured
    ? parseKey(configured, 'PAYOUT_ENCRYPTION_KEY')
    : parseKey(readOrCreateSecretFile(path.join(dataFolder(), 'payout-key')), '.data/payout-key')
  const old = settings.old.map((value) => parseKey(value, 'PAYOUT_ENCRYPTION_OLD_KEYS'))
  return { current, old }
}

function parseKey(text: string, source: string): Key {
  const bytes = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64url')
  if (bytes.length !== 32) {
    throw new Error(`${source} must be 32 bytes, base64 or hex (try: openssl rand -base64 32).`)
  }
  return { id: createHash('sha256').update(bytes).digest('hex').slice(0, 8), bytes }
}

/**
 * AES-256-GCM with a fresh 96-bit nonce. The order's reference is authenticated with it, so a
 * sealed value copied onto another order does not open. The key's id says which key opens it.
 */
export function sealPayout(details: PayoutDetails, reference: string, keys: PayoutKeys): string {
  return sealText(JSON.stringify(details), reference, keys)
}

export function openPayout(sealed: string, reference: string, keys: PayoutKeys): PayoutDetails {
  return JSON.parse(openText(sealed, reference, keys)) as PayoutDetails
}

/**
 * Any text sealed as payout details are (a payment run's bank file, bound to the run's reference):
 * the same keys, rotation and format, so whatever opens one opens the other.
 */
export function sealText(text: string, boundTo: string, keys: PayoutKeys): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', keys.current.bytes, iv)
  cipher.setAAD(Buffer.from(boundTo))
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()])
  const parts = [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url'))
  return [VERSION, keys.current.id, ...parts].join('.')
}

export function openText(sealed: string, boundTo: string, keys: PayoutKeys): string {
  const [version, keyId, iv, tag, body] = sealed.split('.')
  const key = [keys.current, ...keys.old].find((candidate) => candidate.id === keyId)
  if (version !== VERSION || !key || !iv || !tag || !body) {
    throw new Error(`Payout details sealed with key ${keyId ?? '?'}, which is not configured.`)
  }
  const decipher = createDecipheriv('aes-256-gcm', key.bytes, Buffer.from(iv, 'base64url'))
  decipher.setAAD(Buffer.from(boundTo))
  decipher.setAuthTag(Buffer.from(tag, 'base64url'))
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8')
}

/** Whether a sealed value needs sealing again with the current key (after a rotation). */
export const sealedWithOldKey = (sealed: string, keys: PayoutKeys) => sealed.split('.')[1] !== keys.current.id
