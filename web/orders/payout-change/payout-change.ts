import 'server-only'
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto'
import { and, count, desc, eq, gt, lt } from 'drizzle-orm'
import { PAYOUT_CODE_MINUTES, PAYOUT_HOLD_HOURS } from '@rules/payout-change'
import { queueEmails } from '@/mail/queue'
import type { Db } from '@/db/connection'
import { orderEvent, payoutChangeCode, sellerOrder } from '@/db/schema'
import { payoutChangeable } from '@/orders/record/lifecycle'
import { PAYOUT_CHANGE_EVENT } from './payout-change-event'
import type { QueuedMail } from '@/orders/record/mail'
import { isUuid } from '@/orders/record/order-values'
import { DEFAULT_PAYOUT_METHOD, type PayoutDetails, type PayoutMethodAny } from '@/payouts/methods'
import { orderEmails } from '@/orders/record/store'
import type { PayeeRecord } from '@/payouts/payee-questions'

/**
 * A seller changes the bank details of an order: a 6-digit code is e-mailed to the order's address
 * (kept only as a keyed hash), and the code with the new details replaces the sealed ones. The code
 * works once, for PAYOUT_CODE_MINUTES, for PAYOUT_CODE_TRIES tries; only the newest one counts.
 * A change holds the payout for PAYOUT_HOLD_HOURS (the `pay` move waits: move-store.ts), is in the
 * order's history, and is refused once the order can no longer be paid (paid, or any later status).
 * Each step is one transaction that locks the order's row, so a change and a payment never cross.
 */
export { PAYOUT_CODE_MINUTES, PAYOUT_HOLD_HOURS }
export const PAYOUT_CODE_TRIES = 5
/** Codes one order may be sent in an hour: enough for a lost e-mail, too few to flood an inbox. */
export const PAYOUT_CODES_PER_HOUR = 3

const MINUTE_MS = 60 * 1000

export type CodeIssued = { ok: true; expiresAt: Date } | { ok: false; reason: 'not-found' | 'closed' | 'too-many' }

export type PayoutChanged =
  | { ok: true; heldUntil: Date; last4: string }
  | {
      ok: false
      reason: 'not-found' | 'closed' | 'no-code' | 'used' | 'expired' | 'spent' | 'wrong'
      /** Tries left for this code after a wrong one. */
      triesLeft?: number
    }

type OrderForChange = { id: string; reference: string; email: string | null; name: string | null }

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/** The order, locked for the rest of the transaction: a code and a change never cross each other or a payment. */
async function lockOrder(tx: Tx, orderId: string) {
  const [order] = await tx
    .select({
      id: sellerOrder.id,
      reference: sellerOrder.reference,
      email: sellerOrder.email,
      name: sellerOrder.name,
      status: sellerOrder.status,
      totalPence: sellerOrder.totalPence,
    })
    .from(sellerOrder)
    .where(eq(sellerOrder.id, orderId))
    .for('update')
  return order
}

/** Payout details can be given or changed while the order may yet be paid; never for a free recycling order (£0), which no one pays. */
const changeable = (order: { status: string; totalPence: number }) =>
  order.totalPence > 0 && payoutChangeable(order.status)

/** A code's keyed hash, bound to its order: a database that leaks gives neither the codes nor a way to try them. */
export function hashPayoutCode(orderId: string, code: string, secret: string): string {
  const key = createHmac('sha256', secret).update('handback payout change code').digest()
  return createHmac('sha256', key).update(`${orderId}.${code}`).digest('base64url')
}

/** Six digits from a cryptographic source, leading zeros kept. */
export const newPayoutCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0')

/**
 * Sends a new code for the order, unless it can no longer be paid or has had its codes for the hour:
 * the code row and its e-mail (made by `emails`, to the order's address) in one transaction.
 */
export async function issuePayoutCode(
  db: Db,
  request: {
    orderId: string
    secret: string
    now?: Date
    code?: string
    emails: (order: OrderForChange, code: string, expiresAt: Date) => QueuedMail[]
  },
): Promise<CodeIssued> {
  if (!isUuid(request.orderId)) return { ok: false, reason: 'not-found' }
  const now = request.now ?? new Date()
  return db.transaction(async (tx): Promise<CodeIssued> => {
    const order = await lockOrder(tx, request.orderId)
    if (!order) return { ok: false, reason: 'not-found' }
    if (!changeable(order) || !order.email) return { ok: false, reason: 'closed' }
    const [recent] = await tx
      .select({ sent: count() })
      .from(payoutChangeCode)
      .where(
        and(
          eq(payoutChangeCode.orderId, order.id),
          gt(payoutChangeCode.createdAt, new Date(now.getTime() - 60 * MINUTE_MS)),
        ),
      )
    if ((recent?.sent ?? 0) >= PAYOUT_CODES_PER_HOUR) return { ok: false, reason: 'too-many' }
    const code = request.code ?? newPayoutCode()
    const expiresAt = new Date(now.getTime() + PAYOUT_CODE_MINUTES * MINUTE_MS)
    await tx.insert(payoutChangeCode).values({
      orderId: order.id,
      codeHash: hashPayoutCode(order.id, code, request.secret),
      createdAt: now,
      expiresAt,
    })
    await queueEmails(tx, orderEmails(order.id, request.emails(order, code, expiresAt)))
    return { ok: true, expiresAt }
  })
}

/**
 * Replaces the order's sealed bank details when `code` is its newest code, unused, unexpired and
 * with tries left: marks the code used, holds the payout, records the change in the history and
 * queues its e-mails (to the seller, and to the business), all in one transaction. A wrong code
 * counts a try, and that count is kept whatever is answered.
 */
export async function changePayout(
  db: Db,
  request: {
    orderId: string
    code: string
    details: PayoutDetails
    /** The method the new details are for: the default when not given. */
    method?: PayoutMethodAny
    secret: string
    /** Seals the new details for the order's reference. */
    seal: (details: PayoutDetails, reference: string) => string
    /** The new details' keyed hash (payout-match.ts). */
    match: (details: PayoutDetails, method: PayoutMethodAny) => string
    /** Confirmation of Payee on the new details (payouts/payee-check.ts); null for a method it does not cover. */
    payee?: PayeeRecord | null
    actorUserId?: string | null
    now?: Date
    emails: (order: OrderForChange, change: { heldUntil: Date; last4: string }) => QueuedMail[]
  },
): Promise<PayoutChanged> {
  if (!isUuid(request.orderId)) return { ok: false, reason: 'not-found' }
  const now = request.now ?? new Date()
  return db.transaction(async (tx): Promise<PayoutChanged> => {
    const order = await lockOrder(tx, request.orderId)
    if (!order) return { ok: false, reason: 'not-found' }
    if (!changeable(order)) return { ok: false, reason: 'closed' }
    const [latest] = await tx
      .select()
      .from(payoutChangeCode)
      .where(eq(payoutChangeCode.orderId, order.id))
      .orderBy(desc(payoutChangeCode.createdAt), desc(payoutChangeCode.id))
      .limit(1)
    if (!latest) return { ok: false, reason: 'no-code' }
    if (latest.usedAt) return { ok: false, reason: 'used' }
    if (latest.expiresAt <= now) return { ok: false, reason: 'expired' }
    if (latest.attempts >= PAYOUT_CODE_TRIES) return { ok: false, reason: 'spent' }
    if (!sameHash(latest.codeHash, hashPayoutCode(order.id, request.code, request.secret))) {
      const attempts = latest.attempts + 1
      await tx.update(payoutChangeCode).set({ attempts }).where(eq(payoutChangeCode.id, latest.id))
      const triesLeft = PAYOUT_CODE_TRIES - attempts
      return triesLeft > 0 ? { ok: false, reason: 'wrong', triesLeft } : { ok: false, reason: 'spent' }
    }
    await tx.update(payoutChangeCode).set({ usedAt: now }).where(eq(payoutChangeCode.id, latest.id))
    const heldUntil = new Date(now.getTime() + PAYOUT_HOLD_HOURS * 60 * MINUTE_MS)
    const method = request.method ?? DEFAULT_PAYOUT_METHOD
    const last4 = method.last4(request.details)
    await tx
      .update(sellerOrder)
      .set({
        payoutSealed: request.seal(request.details, order.reference),
        payoutMatch: request.match(request.details, method),
        payoutMethod: method.id,
        payoutLast4: last4,
        // The new details' own check replaces the old one's.
        payeeCheck: request.payee?.payeeCheck ?? null,
        payeeBankName: request.payee?.payeeBankName ?? null,
        payeeReason: request.payee?.payeeReason ?? null,
        payoutHeldUntil: heldUntil,
        updatedAt: now,
      })
      .where(eq(sellerOrder.id, order.id))
    await tx.insert(orderEvent).values({
      orderId: order.id,
      at: now,
      actor: 'seller',
      actorUserId: request.actorUserId ?? null,
      action: PAYOUT_CHANGE_EVENT,
      fromStatus: order.status,
      toStatus: order.status,
    })
    await queueEmails(tx, orderEmails(order.id, request.emails(order, { heldUntil, last4 })))
    return { ok: true, heldUntil, last4 }
  })
}

/** A code is kept a day, then forgotten by the minute job: long past its use, and past the hourly count. */
export const PAYOUT_CODE_KEPT_HOURS = 24

/** Forgets codes sent more than a day ago; answers how many. */
export async function forgetOldPayoutCodes(db: Db, now = new Date()): Promise<number> {
  const gone = await db
    .delete(payoutChangeCode)
    .where(lt(payoutChangeCode.createdAt, new Date(now.getTime() - PAYOUT_CODE_KEPT_HOURS * 60 * MINUTE_MS)))
    .returning({ id: payoutChangeCode.id })
  return gone.length
}

function sameHash(stored: string, given: string): boolean {
  const a = Buffer.from(stored)
  const b = Buffer.from(given)
  return a.length === b.length && timingSafeEqual(a, b)
}
