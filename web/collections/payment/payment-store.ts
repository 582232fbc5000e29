/**
 * Paying a business collection's quote against a remittance statement. A quote sent with a total
 * above £0 opens the payment with a private link for the business's bank details (its hash kept,
 * until used); the details are sealed as a seller's are. A manager pays it once: the move to
 * `sending` and its event first, then the payer with the key fixed when the quote was sent (a
 * retry, a double press or a stop between paying and recording sends the same payment again and
 * the payer answers with the first), then the move to `paid`, its event and the remittance e-mail,
 * in one transaction. A payment the payer rejects or returns asks for bank details again
 * (payment-returns.ts); the next one is a new attempt with its own key.
 */
import 'server-only'
import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Db } from '@/db/connection'
import {
  collectionPayment,
  collectionPaymentEvent,
  collectionRequest,
  type CollectionPaymentRow,
  type CollectionRequestRow,
} from '@/db/schema'
import { queueEmails, type QueuedEmail } from '@/mail/queue'
import { staffName } from '@/orders/moves/move-store'
import type { PayoutDetails } from '@/payouts/methods'
import type { PayeeRecord } from '@/payouts/payee-questions'
import type { Payer } from '@/payouts/payer'
import { openPayout, sealPayout, type PayoutKeys } from '@/payouts/payout-crypto'
import { COLLECTION_PAYOUT_METHOD } from './bank-details-validation'
import type { CollectionActor } from '../devices-store'
import { bankLinkExpired, hashBankLinkToken, paymentKeyOf } from './payment-link'
import { returnCollectionPaymentInTx, type BankLinkMail } from './payment-returns'
import { quoteOf, type Quote } from '../quote/quote-store'
import { isCollectionRequestId } from '../statuses'

/** A payment waits for the business's bank details: before the first, and after a return. */
const ASKING = ['waiting', 'returned'] as const

/** What the bank details page shows for a link: null for a wrong, forged or used one; `expired` past its days. */
export async function readBankLink(db: Pick<Db, 'select'>, token: string, now = new Date()) {
  if (!token || token.length > 100) return null
  const [row] = await db
    .select({
      organisation: collectionRequest.organisation,
      amountPence: collectionPayment.amountPence,
      linkIssuedAt: collectionPayment.linkIssuedAt,
    })
    .from(collectionPayment)
    .innerJoin(collectionRequest, eq(collectionRequest.id, collectionPayment.requestId))
    .where(
      and(eq(collectionPayment.tokenHash, hashBankLinkToken(token)), inArray(collectionPayment.state, [...ASKING])),
    )
  if (!row) return null
  const { organisation, amountPence, linkIssuedAt } = row
  return { organisation, amountPence, expired: bankLinkExpired(linkIssuedAt, now) }
}

/**
 * Keeps the business's bank details, sealed, by its link, with what Confirmation of Payee said of
 * them (bank-form.ts asks the business first, as a seller is asked): a guarded update (the link
 * unused, not expired, and the payment waiting), its event, and the link spent. False for a wrong, forged,
 * used or expired link.
 */
export async function giveCollectionBankDetails(
  db: Db,
  token: string,
  details: PayoutDetails,
  payee: PayeeRecord | null,
  keys: PayoutKeys,
  now = new Date(),
): Promise<boolean> {
  if (!token || token.length > 100) return false
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        requestId: collectionPayment.requestId,
        organisation: collectionRequest.organisation,
        attempt: collectionPayment.attempt,
        linkIssuedAt: collectionPayment.linkIssuedAt,
      })
      .from(collectionPayment)
      .innerJoin(collectionRequest, eq(collectionRequest.id, collectionPayment.requestId))
      .where(
        and(eq(collectionPayment.tokenHash, hashBankLinkToken(token)), inArray(collectionPayment.state, [...ASKING])),
      )
      .for('update')
    if (!row || bankLinkExpired(row.linkIssuedAt, now)) return false
    const [given] = await tx
      .update(collectionPayment)
      .set({
        state: 'given',
        tokenHash: null,
        bankSealed: sealPayout(details, row.requestId, keys),
        bankLast4: COLLECTION_PAYOUT_METHOD.last4(details),
        bankGivenAt: now,
        ...(payee ?? {}),
      })
      .where(
        and(
          eq(collectionPayment.requestId, row.requestId),
          eq(collectionPayment.attempt, row.attempt),
          inArray(collectionPayment.state, [...ASKING]),
        ),
      )
      .returning({ id: collectionPayment.requestId })
    if (!given) return false
    await tx.insert(collectionPaymentEvent).values({
      requestId: row.requestId,
      at: now,
      action: 'bank-details',
      actorName: row.organisation,
      attempt: row.attempt,
    })
    return true
  })
}

/** The remittance statement's e-mail, made in the recording transaction. */
export type RemittanceMail = (request: CollectionRequestRow, quote: Quote, payment: CollectionPaymentRow) => QueuedEmail

export type PayOutcome =
  | { kind: 'paid'; amountPence: number }
  /** Paid before (a double press, or another manager first): nothing was paid again. */
  | { kind: 'already' }
  | { kind: 'refused'; code: 'notFound' | 'notPayable' | 'noBankDetails' }
  /** The payer could not be reached or refused: nothing recorded as paid; pressing again sends the same payment. */
  | { kind: 'failed' }
  /** The payer rejected it: the business is asked for its bank details again by a new link. */
  | { kind: 'returned' }

/** Pays the collection's quote once, through `payer`; see the module's comment. */
export async function payCollection(
  db: Db,
  requestId: string,
  by: CollectionActor,
  world: { payer: Payer<PayoutDetails>; keys: PayoutKeys; mail: RemittanceMail; linkMail: BankLinkMail },
  now = new Date(),
): Promise<PayOutcome> {
  if (!isCollectionRequestId(requestId)) return { kind: 'refused', code: 'notFound' }
  const started = await db.transaction(async (tx): Promise<PayOutcome | CollectionPaymentRow> => {
    const [request] = await tx
      .select({ id: collectionRequest.id })
      .from(collectionRequest)
      .where(eq(collectionRequest.id, requestId))
    if (!request) return { kind: 'refused', code: 'notFound' }
    const [row] = await tx
      .select()
      .from(collectionPayment)
      .where(eq(collectionPayment.requestId, requestId))
      .for('update')
    if (!row) return { kind: 'refused', code: 'notPayable' }
    if (row.state === 'paid') return { kind: 'already' }
    if (row.state !== 'given' && row.state !== 'sending') return { kind: 'refused', code: 'noBankDetails' }
    if (!row.bankSealed) return { kind: 'refused', code: 'noBankDetails' }
    if (row.state === 'sending') return row
    const [moved] = await tx
      .update(collectionPayment)
      .set({ state: 'sending', payer: world.payer.id })
      .where(and(eq(collectionPayment.requestId, requestId), eq(collectionPayment.state, 'given')))
      .returning()
    if (!moved) return { kind: 'already' }
    const actorName = (await staffName(tx, by.actor, by.userId)) ?? ''
    await tx
      .insert(collectionPaymentEvent)
      .values({ requestId, at: now, action: 'pay', actorUserId: by.userId, actorName, attempt: moved.attempt })
    return moved
  })
  if ('kind' in started) return started
  const reply = await world.payer.send({
    idempotencyKey: paymentKeyOf(started),
    amountPence: started.amountPence,
    reference: started.reference,
    details: openPayout(started.bankSealed!, requestId, world.keys),
  })
  if (!reply.ok) return { kind: 'failed' }
  const { id, status, reason } = reply.value
  if (status === 'rejected' || status === 'returned') {
    const returned = { payer: world.payer.id, payerPaymentId: id, reason: reason ?? status }
    await db.transaction((tx) =>
      returnCollectionPaymentInTx(tx, requestId, started.attempt, ['sending'], returned, world.linkMail, now),
    )
    // A second press that met the same rejection found it returned already: the same outcome.
    return { kind: 'returned' }
  }
  return recordPaid(db, requestId, started.attempt, id, by, world.mail, now)
}

/** The payer took the payment: `paid`, its event and the remittance e-mail, once. */
async function recordPaid(
  db: Db,
  requestId: string,
  attempt: number,
  payerPaymentId: string,
  by: CollectionActor,
  mail: RemittanceMail,
  now: Date,
): Promise<PayOutcome> {
  return db.transaction(async (tx): Promise<PayOutcome> => {
    const [paid] = await tx
      .update(collectionPayment)
      .set({ state: 'paid', payerPaymentId, paidAt: now })
      .where(
        and(
          eq(collectionPayment.requestId, requestId),
          eq(collectionPayment.attempt, attempt),
          eq(collectionPayment.state, 'sending'),
        ),
      )
      .returning()
    if (!paid) return { kind: 'already' }
    const actorName = (await staffName(tx, by.actor, by.userId)) ?? ''
    await tx
      .insert(collectionPaymentEvent)
      .values({ requestId, at: now, action: 'paid', actorUserId: by.userId, actorName, attempt })
    const [request] = await tx.select().from(collectionRequest).where(eq(collectionRequest.id, requestId))
    if (request?.email) await queueEmails(tx, [mail(request, await quoteOf(tx, requestId), paid)])
    return { kind: 'paid', amountPence: paid.amountPence }
  })
}

export type CollectionPaymentView = {
  state: string
  amountPence: number
  bankLast4: string | null
  reference: string
  paidAt: Date | null
  /** When the business's link was sent, to the millisecond: a new link is sent against it, once. */
  linkIssuedAt: Date
  /** Confirmation of Payee's answer for the details given (null before). */
  payee: { payeeCheck: string | null; payeeBankName: string | null; payeeReason: string | null }
  events: { id: number; at: Date; action: string; actorName: string; reason: string | null }[]
}

/** The collection's payment and its history for staff: null when its quote opened none. */
export async function collectionPaymentOf(
  db: Pick<Db, 'select'>,
  requestId: string,
): Promise<CollectionPaymentView | null> {
  if (!isCollectionRequestId(requestId)) return null
  const [row] = await db.select().from(collectionPayment).where(eq(collectionPayment.requestId, requestId))
  if (!row) return null
  const events = await db
    .select({
      id: collectionPaymentEvent.id,
      at: collectionPaymentEvent.at,
      action: collectionPaymentEvent.action,
      actorName: collectionPaymentEvent.actorName,
      reason: collectionPaymentEvent.reason,
    })
    .from(collectionPaymentEvent)
    .where(eq(collectionPaymentEvent.requestId, requestId))
    .orderBy(asc(collectionPaymentEvent.id))
  const { state, amountPence, bankLast4, reference, paidAt, linkIssuedAt, payeeCheck, payeeBankName, payeeReason } = row
  const payee = { payeeCheck, payeeBankName, payeeReason }
  return { state, amountPence, bankLast4, reference, paidAt, linkIssuedAt, payee, events }
}
