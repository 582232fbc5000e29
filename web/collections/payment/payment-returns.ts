/**
 * A collection's payment that did not arrive, and its link renewed. The payer rejects a payment
 * when it is sent, or its webhook says later it was rejected or returned: the payment goes back to
 * asking for bank details (`returned`, a guarded update and its event naming the payer and its
 * reason), the sealed details are emptied, a new link is e-mailed, and the next payment is a new
 * attempt with its own key (payment-link.ts). A manager may also send a new link while the
 * business has not given its details (the old one expired or lost): the old link is dead at once.
 */
import 'server-only'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '@/db/connection'
import {
  collectionPayment,
  collectionPaymentEvent,
  collectionRequest,
  type CollectionPaymentRow,
  type CollectionRequestRow,
} from '@/db/schema'
import { queueEmails, type QueuedEmail } from '@/mail/queue'
import { staffName, type Tx } from '@/orders/moves/move-store'
import { firstSightOfEvent, type Applied } from '@/orders/payments/payment-store'
import type { PaymentAnswer } from '@/payouts/payer'
import type { CollectionActor } from '../devices-store'
import { newBankLinkToken } from './payment-link'
import { isCollectionRequestId } from '../statuses'

/** Why the business is sent a new link: its payment came back, or a manager renewed the link. */
export type BankLinkReason = 'returned' | 'renewed'

/** The e-mail with the business's new link (its token, to build the link with), made in the moving transaction. */
export type BankLinkMail = (
  request: CollectionRequestRow,
  payment: CollectionPaymentRow,
  token: string,
  why: BankLinkReason,
) => QueuedEmail

type CollectionPaymentState = CollectionPaymentRow['state']

/** What the payer said about the payment: who, its id for it, and its reason. */
export type PaymentReturn = { payer: string; payerPaymentId: string | null; reason: string | null }

/**
 * In the caller's transaction: the payment's `attempt`, if still in one of `from`, back to asking for
 * bank details with a new link e-mailed. False when it moved already (a second press, a replay).
 */
export async function returnCollectionPaymentInTx(
  tx: Tx,
  requestId: string,
  attempt: number,
  from: readonly CollectionPaymentState[],
  returned: PaymentReturn,
  mail: BankLinkMail,
  now: Date,
): Promise<boolean> {
  const { token, tokenHash } = newBankLinkToken()
  const [row] = await tx
    .update(collectionPayment)
    .set({
      state: 'returned',
      attempt: attempt + 1,
      bankSealed: null,
      bankLast4: null,
      bankGivenAt: null,
      payeeCheck: null,
      payeeBankName: null,
      payeeReason: null,
      payerPaymentId: null,
      paidAt: null,
      tokenHash,
      linkIssuedAt: now,
    })
    .where(
      and(
        eq(collectionPayment.requestId, requestId),
        eq(collectionPayment.attempt, attempt),
        inArray(collectionPayment.state, [...from]),
      ),
    )
    .returning()
  if (!row) return false
  await tx.insert(collectionPaymentEvent).values({
    requestId,
    at: now,
    action: 'returned',
    actorName: returned.payer,
    attempt,
    reason: returned.reason,
    payerPaymentId: returned.payerPaymentId,
  })
  await mailNewLink(tx, row, token, 'returned', mail)
  return true
}

async function mailNewLink(tx: Tx, row: CollectionPaymentRow, token: string, why: BankLinkReason, mail: BankLinkMail) {
  const [request] = await tx.select().from(collectionRequest).where(eq(collectionRequest.id, row.requestId))
  if (request?.email) await queueEmails(tx, [mail(request, row, token, why)])
}

/**
 * What a payer's signed webhook says about a collection's payment, found by the payer's id for it:
 * a rejection or a return of a paid payment sends it back for bank details; each event id is
 * applied once (the orders' record of events), so a duplicate or a replay changes nothing. A
 * settlement confirms what is recorded already. A payment known only as returned before answers
 * 'unchanged'; one not known at all, 'unknown-payment'.
 */
export async function applyCollectionAnswer(
  db: Db,
  target: { payer: string; payerPaymentId: string },
  answer: Pick<PaymentAnswer, 'status' | 'reason'>,
  mail: BankLinkMail,
  now = new Date(),
  eventId?: string,
): Promise<Applied> {
  return db.transaction(async (tx): Promise<Applied> => {
    const [row] = await tx
      .select()
      .from(collectionPayment)
      .where(
        and(eq(collectionPayment.payer, target.payer), eq(collectionPayment.payerPaymentId, target.payerPaymentId)),
      )
      .for('update')
    const [returnedBefore] = row
      ? []
      : await tx
          .select({ id: collectionPaymentEvent.id })
          .from(collectionPaymentEvent)
          .where(
            and(
              eq(collectionPaymentEvent.action, 'returned'),
              eq(collectionPaymentEvent.actorName, target.payer),
              eq(collectionPaymentEvent.payerPaymentId, target.payerPaymentId),
            ),
          )
    if (!row && !returnedBefore) return 'unknown-payment'
    if (eventId !== undefined && !(await firstSightOfEvent(tx, target.payer, eventId))) return 'unchanged'
    if (!row || (answer.status !== 'rejected' && answer.status !== 'returned')) return 'unchanged'
    const returned = { ...target, reason: answer.reason ?? answer.status }
    const moved = await returnCollectionPaymentInTx(tx, row.requestId, row.attempt, ['paid'], returned, mail, now)
    return moved ? 'applied' : 'unchanged'
  })
}

export type RenewOutcome = { kind: 'sent' } | { kind: 'refused'; code: 'notFound' | 'notRenewable' | 'renewed' }

/**
 * A manager sends the business a new link while its bank details are awaited: a guarded update (the
 * state, and the link the page showed, `issuedAt`, so a double press sends one), its event and the
 * e-mail. The old link's hash is replaced, so it opens nothing.
 */
export async function renewBankLink(
  db: Db,
  requestId: string,
  issuedAt: Date,
  by: CollectionActor,
  mail: BankLinkMail,
  now = new Date(),
): Promise<RenewOutcome> {
  if (!isCollectionRequestId(requestId)) return { kind: 'refused', code: 'notFound' }
  return db.transaction(async (tx): Promise<RenewOutcome> => {
    const [current] = await tx
      .select({ state: collectionPayment.state })
      .from(collectionPayment)
      .where(eq(collectionPayment.requestId, requestId))
    if (!current) return { kind: 'refused', code: 'notFound' }
    if (current.state !== 'waiting' && current.state !== 'returned') return { kind: 'refused', code: 'notRenewable' }
    const { token, tokenHash } = newBankLinkToken()
    const [row] = await tx
      .update(collectionPayment)
      .set({ tokenHash, linkIssuedAt: now })
      .where(
        and(
          eq(collectionPayment.requestId, requestId),
          inArray(collectionPayment.state, ['waiting', 'returned']),
          // To the millisecond the page had it: the column keeps microseconds.
          sql`date_trunc('milliseconds', ${collectionPayment.linkIssuedAt}) = ${issuedAt.toISOString()}::timestamptz`,
        ),
      )
      .returning()
    if (!row) return { kind: 'refused', code: 'renewed' }
    const actorName = (await staffName(tx, by.actor, by.userId)) ?? ''
    await tx.insert(collectionPaymentEvent).values({
      requestId,
      at: now,
      action: 'new-link',
      actorUserId: by.userId,
      actorName,
      attempt: row.attempt,
    })
    await mailNewLink(tx, row, token, 'renewed', mail)
    return { kind: 'sent' }
  })
}
