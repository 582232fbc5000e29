import { createHmac } from 'node:crypto'
import { mkdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs'
import path from 'node:path'
import { STAFF_KEYS_DIR } from './e2e-env'

/**
 * What an authenticator app does (RFC 6238): HMAC-SHA1 of the 30-second step under the key given
 * in base32, cut to 6 digits. The e2e tests are the staff's phone.
 */
export function totp(key: string, at = Date.now()): string {
  const secret = base32Decode(key)
  const counter = Buffer.alloc(8)
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)))
  const mac = createHmac('sha1', secret).update(counter).digest()
  const offset = mac[mac.length - 1]! & 15
  const value = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000
  return String(value).padStart(6, '0')
}

function base32Decode(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
  let bits = 0
  let value = 0
  const out: number[] = []
  for (const char of text.replace(/[\s=]/g, '').toUpperCase()) {
    value = (value << 5) | alphabet.indexOf(char)
    bits += 5
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255)
      bits -= 8
    }
  }
  return Buffer.from(out)
}

export type StaffKeys = { key: string; backupCodes: string[] }
const keysFile = (email: string) => path.join(STAFF_KEYS_DIR, `${email}.json`)

export function readStaffKeys(email: string): StaffKeys | null {
  return existsSync(keysFile(email)) ? (JSON.parse(readFileSync(keysFile(email), 'utf8')) as StaffKeys) : null
}

export function writeStaffKeys(email: string, keys: StaffKeys) {
  mkdirSync(STAFF_KEYS_DIR, { recursive: true })
  writeFileSync(keysFile(email), JSON.stringify(keys))
}

/**
 * Runs `work` while holding a lock of the test run's own (a folder: making one is atomic), so that
 * two workers never set up the same account's two-step login at once.
 */
export async function withStaffLock<T>(email: string, work: () => Promise<T>): Promise<T> {
  mkdirSync(STAFF_KEYS_DIR, { recursive: true })
  const lock = path.join(STAFF_KEYS_DIR, `${email}.lock`)
  const deadline = Date.now() + 60_000
  for (;;) {
    try {
      mkdirSync(lock)
      break
    } catch {
      if (Date.now() > deadline) throw new Error(`waited a minute for ${lock}`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
  try {
    return await work()
  } finally {
    rmSync(lock, { recursive: true, force: true })
  }
}
