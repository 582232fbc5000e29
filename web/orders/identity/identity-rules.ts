/**
 * The rules of proof of identity, pure: when an order asks for it, the seller's link (a random
 * token, of which only its SHA-256 is stored), and what a photo of the document may be, by the
 * device photos' own rules (photo-rules.ts: the size limit, the image types known by their bytes).
 */
import { createHash, randomBytes } from 'node:crypto'
import { IDENTITY_DOCUMENTS, type IdentityDocument, type IdentityReason } from '@/db/schema'
import { PHOTO_LIMITS, sniffImage } from '@/orders/photos/photo-rules'
import { AT_REST_STATUSES } from '@rules/order-statuses'

/** How long the seller's link works after it is asked (the e-mail says so, as {days}). */
export const IDENTITY_LINK_DAYS = 30

/** A link asked at or before this time no longer opens. */
export const identityLinkLapsedBy = (now: Date) => new Date(now.getTime() - IDENTITY_LINK_DAYS * 24 * 3600 * 1000)

/** An order at rest (paid, sent back, cancelled, expired, closed) will not be paid: nothing is asked of it. */
export const identityOrderEnded = (status: string) => (AT_REST_STATUSES as readonly string[]).includes(status)

/**
 * Whether staff may ask (again) for proof of identity, on an order still to be paid: never asked; refused; or nothing left to
 * check and the seller's way in gone stale on an order still live (the link lapsed, or the photo
 * sent was deleted unchecked for its age). A photo waiting for staff, a document seen, or a check
 * its order's end (or the seller's account deletion) closed, taking the link, is never asked over.
 * The store's guarded write keeps the same rule in SQL (identity-store.ts, askInTx).
 */
export function identityAskable(
  check: {
    askedAt: Date
    uploadedAt: Date | null
    hasImage: boolean
    hasLink: boolean
    outcome: string | null
  } | null,
  order: { status: string },
  now = new Date(),
): boolean {
  if (identityOrderEnded(order.status)) return false
  if (!check || check.outcome === 'refused') return true
  if (check.outcome !== null || check.hasImage || !check.hasLink) return false
  return check.uploadedAt !== null || check.askedAt <= identityLinkLapsedBy(now)
}

/** The editors' settings (Orders → Proof of identity). */
export type IdentitySettings = { askAbovePence: number; askWhenAccountShared: boolean }

/**
 * Why checkout asks for proof of identity, or null: the order is worth more than the amount set,
 * or (when editors ask it) another order was paid to the same bank account.
 */
export function askedAtCheckout(
  settings: IdentitySettings,
  order: { totalPence: number; accountShared: boolean },
): IdentityReason | null {
  if (order.totalPence > settings.askAbovePence) return 'amount'
  if (settings.askWhenAccountShared && order.accountShared) return 'duplicate'
  return null
}

/**
 * Whether the order's check holds its payment: asked and not yet seen (a refusal waits for the
 * seller's next photo). The SQL form that payments keep is moves/identity-condition.ts.
 */
export const identityHoldsPayment = (check: { outcome: string | null } | null) =>
  check !== null && check.outcome !== 'seen'

/** What the seller's own order page says of proof of identity. */
export type SellerIdentityState = { askedAt: Date; state: 'asked' | 'sent' | 'refused' }

/**
 * The check as its seller's order page shows it, or null when it holds nothing: asked (no photo
 * yet, or the one sent was deleted unchecked for its age: the seller is asked for one again), a
 * photo waiting for staff, or refused until staff ask again. Seen, or an order at rest, says nothing.
 */
export function sellerIdentityState(
  check: { askedAt: Date; hasImage: boolean; outcome: string | null } | null,
  atRest: boolean,
): SellerIdentityState | null {
  if (!check || atRest || check.outcome === 'seen') return null
  if (check.outcome === 'refused') return { askedAt: check.askedAt, state: 'refused' }
  return { askedAt: check.askedAt, state: check.hasImage ? 'sent' : 'asked' }
}

/** A new link's token: 256 random bits, never derived from the order. */
export const newIdentityToken = () => randomBytes(32).toString('base64url')

/** What is stored of a token: its SHA-256, so a copy of the database opens no one's link. */
export const hashIdentityToken = (token: string) => createHash('sha256').update(token).digest('hex')

/** The seller's upload page, with their token. */
export const identityPath = (token: string) => `/proof-of-identity?token=${encodeURIComponent(token)}`

export const isIdentityDocument = (value: unknown): value is IdentityDocument =>
  (IDENTITY_DOCUMENTS as readonly unknown[]).includes(value)

export type IdentityProblem = 'documentMissing' | 'fileMissing' | 'fileTooLarge' | 'fileNotImage'

/** What is wrong with an upload, in the order a person would fix it, or null. */
export function identityUploadProblem(documentType: unknown, file: Uint8Array | null): IdentityProblem | null {
  if (!isIdentityDocument(documentType)) return 'documentMissing'
  if (!file || !file.length) return 'fileMissing'
  if (file.length > PHOTO_LIMITS.fileBytes) return 'fileTooLarge'
  if (sniffImage(file) === null) return 'fileNotImage'
  return null
}

/** The photo's size limit in whole megabytes, for the words that name it. */
export const identityFileMegabytes = Math.floor(PHOTO_LIMITS.fileBytes / (1024 * 1024))
