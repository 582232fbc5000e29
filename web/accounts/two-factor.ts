import 'server-only'
import { symmetricDecrypt } from 'better-auth/crypto'
import { eq } from 'drizzle-orm'
import { getSiteSettings } from '@/content/loaders'
import { getDb } from '@/db/connection'
import { twoFactor } from '@/db/schema'
import { getAuth } from './auth'
import type { SignedIn } from './session'

/**
 * Two-step login for staff: an authenticator app (TOTP, RFC 6238: 6 digits, 30 seconds) and ten
 * backup codes, from better-auth's two-factor plugin. Staff and managers must set it up before
 * /admin shows them anything; after that, logging in asks for a code after the password.
 */
export type Enrolment = { stage: 'start' } | { stage: 'confirm'; key: string; link: string; backupCodes: string[] }

/** Where a staff member without two-step login is in setting it up. */
export async function enrolmentOf(visitor: SignedIn): Promise<Enrolment> {
  const db = await getDb()
  const [row] = await db.select().from(twoFactor).where(eq(twoFactor.userId, visitor.user.id))
  if (!row || row.verified !== false) return { stage: 'start' }
  const auth = await getAuth()
  const context = await auth.$context
  const secret = await symmetricDecrypt({ key: context.secretConfig, data: row.secret })
  const { backupCodes } = await auth.api.viewBackupCodes({ body: { userId: visitor.user.id } })
  // Apps are given the secret's bytes in base32, as the plugin's own otpauth links do.
  const key = base32(new TextEncoder().encode(secret))
  // The name the app lists the account under: the product's, from Site settings.
  const issuer = (await getSiteSettings()).productName
  const params = new URLSearchParams({ secret: key, issuer, digits: '6', period: '30' })
  const link = `otpauth://totp/${encodeURIComponent(issuer)}:${encodeURIComponent(visitor.user.email)}?${params}`
  return { stage: 'confirm', key, link, backupCodes }
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'

/** RFC 4648 base32, without padding, as authenticator apps take a key. */
export function base32(bytes: Uint8Array): string {
  let bits = 0
  let value = 0
  let out = ''
  for (const byte of bytes) {
    value = (value << 8) | byte
    bits += 8
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31]
      bits -= 5
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31]
  return out
}
