import 'server-only'
import { symmetricDecrypt } from 'better-auth/crypto'
import { and, eq, isNull, ne } from 'drizzle-orm'
import QRCode from 'qrcode'
import { getSiteSettings } from '@/content/loaders'
import { getDb } from '@/db/connection'
import { session, twoFactor } from '@/db/schema'
import { getAuth } from './auth'
import type { SignedIn } from './session'

/**
 * Two-step login for staff: an authenticator app (TOTP, RFC 6238: 6 digits, 30 seconds) and ten
 * backup codes, from better-auth's two-factor plugin. Staff and managers must set it up before
 * /admin shows them anything; after that, logging in asks for a code after the password.
 *
 * A set-up belongs to the one session that started it with the password: only that session is
 * shown its key and backup codes, once, and only that session can finish it. Another session of the
 * same account (a password that leaked before set-up) sees the start, and starting again there
 * replaces the key. Finishing ends every other session of the account.
 */
export type Enrolment =
  | { stage: 'start' }
  | { stage: 'confirm'; shown: { key: string; link: string; qrSvg: string; backupCodes: string[] } | null }

/** Where this session of a staff member without two-step login is in setting it up. */
export async function enrolmentOf(visitor: SignedIn): Promise<Enrolment> {
  const db = await getDb()
  const [row] = await db.select().from(twoFactor).where(eq(twoFactor.userId, visitor.user.id))
  if (!row || row.verified !== false || row.enrolmentSessionId !== visitor.session.id) return { stage: 'start' }
  // Shown once: the first page this session renders after starting takes the key, no later one.
  const [claimed] = await db
    .update(twoFactor)
    .set({ keyShownAt: new Date() })
    .where(
      and(eq(twoFactor.id, row.id), eq(twoFactor.enrolmentSessionId, visitor.session.id), isNull(twoFactor.keyShownAt)),
    )
    .returning({ secret: twoFactor.secret })
  if (!claimed) return { stage: 'confirm', shown: null }
  const auth = await getAuth()
  const context = await auth.$context
  const secret = await symmetricDecrypt({ key: context.secretConfig, data: claimed.secret })
  const { backupCodes } = await auth.api.viewBackupCodes({ body: { userId: visitor.user.id } })
  // Apps are given the secret's bytes in base32, as the plugin's own otpauth links do.
  const key = base32(new TextEncoder().encode(secret))
  // The name the app lists the account under: the product's, from Site settings.
  const issuer = (await getSiteSettings()).productName
  const params = new URLSearchParams({ secret: key, issuer, digits: '6', period: '30' })
  const link = `otpauth://totp/${encodeURIComponent(issuer)}:${encodeURIComponent(visitor.user.email)}?${params}`
  return { stage: 'confirm', shown: { key, link, qrSvg: await qrSvg(link), backupCodes } }
}

/** Records that this session started the set-up just begun: the key is for it alone, not yet shown. */
export async function startedBy(visitor: SignedIn): Promise<void> {
  const db = await getDb()
  await db
    .update(twoFactor)
    .set({ enrolmentSessionId: visitor.session.id, keyShownAt: null })
    .where(and(eq(twoFactor.userId, visitor.user.id), eq(twoFactor.verified, false)))
}

/** Whether this session started the account's unfinished set-up, so may finish it. */
export async function isEnrollingSession(visitor: SignedIn): Promise<boolean> {
  const db = await getDb()
  const [row] = await db
    .select({ id: twoFactor.id })
    .from(twoFactor)
    .where(
      and(
        eq(twoFactor.userId, visitor.user.id),
        eq(twoFactor.verified, false),
        eq(twoFactor.enrolmentSessionId, visitor.session.id),
      ),
    )
  return Boolean(row)
}

/**
 * After the set-up is finished: every session of the account but the one finishing it ends (a
 * password that logged in elsewhere before set-up gets nothing from it). The finishing session is
 * the one made by the second step, so every session without it goes.
 */
export async function endOtherSessions(userId: string): Promise<void> {
  const db = await getDb()
  await db.transaction(async (tx) => {
    await tx.delete(session).where(and(eq(session.userId, userId), isNull(session.secondFactorAt)))
    await tx
      .update(twoFactor)
      .set({ enrolmentSessionId: null })
      .where(and(eq(twoFactor.userId, userId), ne(twoFactor.verified, false)))
  })
}

/** The link as a QR code an authenticator app scans, drawn on the server as SVG. */
async function qrSvg(link: string): Promise<string> {
  return QRCode.toString(link, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 })
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
