/**
 * Proof of identity in the database: asking (at checkout or at staff's request, with the seller's
 * e-mail), the seller's upload through their link, and staff's verdict, which deletes the photo
 * and the link and keeps only the fact. Each is a guarded write with its order_event in one
 * transaction; the order is not paid meanwhile (moves/identity-condition.ts).
 */
import 'server-only'
import { and, eq, gt, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm'
import type { Db } from '@/db/connection'
import { orderEvent, orderIdentityCheck, sellerOrder, type IdentityOutcome, type IdentityReason } from '@/db/schema'
import { queueEmails } from '@/mail/queue'
import type { Actor } from '@/orders/record/lifecycle'
import type { OrderMailContext } from '@/orders/record/mail'
import { isUuid } from '@/orders/record/order-values'
import { orderEmails } from '@/orders/record/store'
import { staffName, type Tx } from '@/orders/moves/move-store'
import { PHOTO_TYPE } from '@/orders/photos/photo-rules'
import { preparePhoto } from '@/orders/photos/photo-store'
import { IDENTITY_EVENTS } from './identity-actions'
import { identityMail } from './identity-mail'
import {
  askedAtCheckout,
  hashIdentityToken,
  identityLinkLapsedBy,
  identityOrderEnded,
  identityUploadProblem,
  newIdentityToken,
  type IdentityProblem,
  type IdentitySettings,
} from './identity-rules'

type Who = { actor: Actor; actorUserId?: string | null }

async function recordIdentityEvent(tx: Tx, orderId: string, who: Who, action: string, reason: string | null) {
  const [order] = await tx.select({ status: sellerOrder.status }).from(sellerOrder).where(eq(sellerOrder.id, orderId))
  if (!order) return
  await tx.insert(orderEvent).values({
    orderId,
    actor: who.actor,
    actorUserId: who.actorUserId ?? null,
    actorName: await staffName(tx, who.actor, who.actorUserId),
    action,
    fromStatus: order.status,
    toStatus: order.status,
    reason,
  })
}

export type AskResult =
  { ok: true; token: string } | { ok: false; reason: 'not-found' | 'order-ended' | 'already-asked' | 'already-seen' }

/**
 * Asks the order's seller for proof of identity, inside the caller's transaction (checkout's, or
 * askIdentity's own): a new check, or one started over (refused, or gone stale: identityAskable)
 * with a new link in place of the old; the e-mail with the seller's link is queued with it. One
 * waiting or seen already is left as it is, and an order at rest (it will not be paid) asks nothing.
 */
export async function askInTx(
  tx: Tx,
  request: { orderId: string; because: IdentityReason; who: Who; mail: OrderMailContext; now?: Date },
): Promise<AskResult> {
  const [order] = await tx
    .select({
      id: sellerOrder.id,
      reference: sellerOrder.reference,
      name: sellerOrder.name,
      email: sellerOrder.email,
      status: sellerOrder.status,
    })
    .from(sellerOrder)
    .where(eq(sellerOrder.id, request.orderId))
    .for('update')
  if (!order) return { ok: false, reason: 'not-found' }
  // Locked above, so a move to rest cannot slip in between this look and the ask.
  if (identityOrderEnded(order.status)) return { ok: false, reason: 'order-ended' }
  const now = request.now ?? new Date()
  const token = newIdentityToken()
  const asked = {
    askedAt: now,
    askedBecause: request.because,
    askedBy: request.who.actorUserId ?? null,
    tokenHash: hashIdentityToken(token),
    documentType: null,
    image: null,
    uploadedAt: null,
    verifiedBy: null,
    verifiedAt: null,
    outcome: null,
  }
  const [made] = await tx
    .insert(orderIdentityCheck)
    .values({ orderId: order.id, ...asked })
    .onConflictDoUpdate({
      target: orderIdentityCheck.orderId,
      set: asked,
      // identityAskable's rule: refused; or no verdict, no photo waiting, the link still held (the
      // order's end and account deletion empty it) and lapsed, or its photo deleted for its age.
      setWhere: or(
        eq(orderIdentityCheck.outcome, 'refused'),
        and(
          isNull(orderIdentityCheck.verifiedAt),
          isNull(orderIdentityCheck.image),
          isNotNull(orderIdentityCheck.tokenHash),
          or(isNotNull(orderIdentityCheck.uploadedAt), lte(orderIdentityCheck.askedAt, identityLinkLapsedBy(now))),
        ),
      ),
    })
    .returning({ id: orderIdentityCheck.id })
  if (!made) {
    const [current] = await tx
      .select({ outcome: orderIdentityCheck.outcome })
      .from(orderIdentityCheck)
      .where(eq(orderIdentityCheck.orderId, order.id))
    return { ok: false, reason: current?.outcome === 'seen' ? 'already-seen' : 'already-asked' }
  }
  await recordIdentityEvent(tx, order.id, request.who, IDENTITY_EVENTS.ask, request.because)
  await queueEmails(tx, orderEmails(order.id, identityMail(order, token, request.mail)))
  return { ok: true, token }
}

/**
 * Checkout's question, in the placing transaction: asked when the order is worth more than the
 * editors' amount, or (when they say so) another seller's order was paid to the same bank account.
 * The same seller (their e-mail address, whatever its case) selling again to their own account is
 * not a match: one account under several names is what the question is for.
 */
export async function askAtCheckout(
  tx: Tx,
  placed: { id: string; totalPence: number; payoutMatch: string; email: string },
  settings: IdentitySettings,
  mail: OrderMailContext,
): Promise<void> {
  const [shared] = settings.askWhenAccountShared
    ? await tx
        .select({ id: sellerOrder.id })
        .from(sellerOrder)
        .where(
          and(
            eq(sellerOrder.payoutMatch, placed.payoutMatch),
            ne(sellerOrder.id, placed.id),
            sql`lower(${sellerOrder.email}) is distinct from ${placed.email.toLowerCase()}`,
          ),
        )
        .limit(1)
    : []
  const because = askedAtCheckout(settings, { totalPence: placed.totalPence, accountShared: Boolean(shared) })
  if (because) await askInTx(tx, { orderId: placed.id, because, who: { actor: 'system' }, mail })
}

/** Staff ask for proof of identity on an order's page. */
export async function askIdentity(
  db: Db,
  request: { orderId: string; staffId: string; actor: Actor; mail: OrderMailContext; now?: Date },
): Promise<AskResult> {
  if (!isUuid(request.orderId)) return { ok: false, reason: 'not-found' }
  return db.transaction((tx) =>
    askInTx(tx, {
      orderId: request.orderId,
      because: 'staff',
      who: { actor: request.actor, actorUserId: request.staffId },
      mail: request.mail,
      now: request.now,
    }),
  )
}

/** The check a seller's token opens while it waits for a photo or a verdict, or null. */
export async function readIdentityLink(db: Pick<Db, 'select'>, token: string, now = new Date()) {
  if (!token) return null
  const [row] = await db
    .select({
      orderId: orderIdentityCheck.orderId,
      reference: sellerOrder.reference,
      uploadedAt: orderIdentityCheck.uploadedAt,
    })
    .from(orderIdentityCheck)
    .innerJoin(sellerOrder, eq(sellerOrder.id, orderIdentityCheck.orderId))
    .where(and(eq(orderIdentityCheck.tokenHash, hashIdentityToken(token)), linkLive(now)))
  return row ?? null
}

const linkLive = (now: Date) =>
  and(isNull(orderIdentityCheck.verifiedAt), gt(orderIdentityCheck.askedAt, identityLinkLapsedBy(now)))

export type UploadResult = { ok: true } | { ok: false; code: IdentityProblem | 'fileUnreadable' | 'linkInvalid' }

/**
 * The seller sends a photo of their document through their link: checked by the device photos'
 * rules, kept as WebP without metadata, in place of any photo sent before, until staff look at it.
 */
export async function uploadIdentity(
  db: Db,
  request: { token: string; documentType: unknown; file: Uint8Array | null; now?: Date },
): Promise<UploadResult> {
  const now = request.now ?? new Date()
  if (!request.token) return { ok: false, code: 'linkInvalid' }
  const problem = identityUploadProblem(request.documentType, request.file)
  if (problem) return { ok: false, code: problem }
  let photo: Awaited<ReturnType<typeof preparePhoto>>
  try {
    photo = await preparePhoto(request.file!)
  } catch {
    return { ok: false, code: 'fileUnreadable' }
  }
  return db.transaction(async (tx): Promise<UploadResult> => {
    const [sent] = await tx
      .update(orderIdentityCheck)
      .set({ documentType: request.documentType as string, image: photo.bytes, uploadedAt: now })
      .where(and(eq(orderIdentityCheck.tokenHash, hashIdentityToken(request.token)), linkLive(now)))
      .returning({ orderId: orderIdentityCheck.orderId })
    if (!sent) return { ok: false, code: 'linkInvalid' }
    await recordIdentityEvent(
      tx,
      sent.orderId,
      { actor: 'seller' },
      IDENTITY_EVENTS.upload,
      String(request.documentType),
    )
    return { ok: true }
  })
}

export type VerifyResult = { ok: true } | { ok: false; reason: 'not-found' | 'nothing-to-verify' }

/**
 * Staff's verdict on the photo sent: seen or refused. The photo and the link's hash are emptied in
 * the same guarded update (and the table's check refuses a verdict beside a photo), so only the
 * fact is kept: who, when, the document's type, the verdict.
 */
export async function verifyIdentity(
  db: Db,
  request: { orderId: string; staffId: string; actor: Actor; outcome: IdentityOutcome; now?: Date },
): Promise<VerifyResult> {
  if (!isUuid(request.orderId)) return { ok: false, reason: 'not-found' }
  const now = request.now ?? new Date()
  return db.transaction(async (tx): Promise<VerifyResult> => {
    const [done] = await tx
      .update(orderIdentityCheck)
      .set({ verifiedBy: request.staffId, verifiedAt: now, outcome: request.outcome, image: null, tokenHash: null })
      .where(
        and(
          eq(orderIdentityCheck.orderId, request.orderId),
          isNull(orderIdentityCheck.verifiedAt),
          isNotNull(orderIdentityCheck.image),
        ),
      )
      .returning({ documentType: orderIdentityCheck.documentType })
    if (!done) {
      const [order] = await tx
        .select({ id: sellerOrder.id })
        .from(sellerOrder)
        .where(eq(sellerOrder.id, request.orderId))
      return { ok: false, reason: order ? 'nothing-to-verify' : 'not-found' }
    }
    const action = request.outcome === 'seen' ? IDENTITY_EVENTS.seen : IDENTITY_EVENTS.refused
    await recordIdentityEvent(
      tx,
      request.orderId,
      { actor: request.actor, actorUserId: request.staffId },
      action,
      done.documentType,
    )
    return { ok: true }
  })
}

export type IdentityCheck = NonNullable<Awaited<ReturnType<typeof identityOf>>>

/** The order's check as staff's page shows it: never the photo's bytes. */
export async function identityOf(db: Pick<Db, 'select'>, orderId: string) {
  const [row] = await db
    .select({
      askedAt: orderIdentityCheck.askedAt,
      askedBecause: orderIdentityCheck.askedBecause,
      documentType: orderIdentityCheck.documentType,
      uploadedAt: orderIdentityCheck.uploadedAt,
      hasImage: sql<boolean>`${orderIdentityCheck.image} is not null`,
      hasLink: sql<boolean>`${orderIdentityCheck.tokenHash} is not null`,
      verifiedBy: orderIdentityCheck.verifiedBy,
      verifiedAt: orderIdentityCheck.verifiedAt,
      outcome: orderIdentityCheck.outcome,
    })
    .from(orderIdentityCheck)
    .where(eq(orderIdentityCheck.orderId, orderId))
  return row ?? null
}

/** The photo, for the staff route that shows it (the caller checks the viewer is staff). */
export async function readIdentityImage(db: Pick<Db, 'select'>, orderId: string) {
  if (!isUuid(orderId)) return null
  const [row] = await db
    .select({ bytes: orderIdentityCheck.image })
    .from(orderIdentityCheck)
    .where(eq(orderIdentityCheck.orderId, orderId))
  return row?.bytes ? { bytes: row.bytes, contentType: PHOTO_TYPE } : null
}
