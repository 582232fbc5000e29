/**
 * Paying a business collection's quote against a remittance statement. A quote sent with a total
 * above £0 opens the payment with a private link for the business's bank details (its hash kept,
 * until used); the details are sealed as a seller's are. A manager pays it once: the move to
 * `sending` and its event first, then the payer with the key fixed when the quote was sent (a
 * retry, a double press or a stop between paying and recording sends the same payment again and
 * the payer answers with the first), then the move to `paid`, its event and the remittance e-mail,
 * in one transaction.
 */
import 'server-only'
import { and, asc, eq } from 'drizzle-orm'
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
import type { Payer } from '@/payouts/payer'
import { openPayout, sealPayout, type PayoutKeys } from '@/payouts/payout-crypto'
import { COLLECTION_PAYOUT_METHOD } from './bank-details-validation'
import type { CollectionActor } from '../devices-store'
import { hashBankLinkToken } from './payment-link'
import { quoteOf, type Quote } from '../quote/quote-store'
import { isCollectionRequestId } from '../statuses'

/** What the bank details page shows for a link: null for a wrong, forged or used one. */
export async function readBankLink(db: Pick<Db, 'select'>, token: string) {
  if (!token || token.length > 100) return null
  const [row] = await db
    .select({ organisation: collectionRequest.organisation, amountPence: collectionPayment.amountPence })
    .from(collectionPayment)
    .innerJoin(collectionRequest, eq(collectionRequest.id, collectionPayment.requestId))
    .where(and(eq(collectionPayment.tokenHash, hashBankLinkToken(token)), eq(collectionPayment.state, 'waiting')))
  return row ?? null
}

/**
 * Keeps the business's bank details, sealed, by its link: a guarded update (the link unused and
 * the payment waiting), its event, and the link spent. False for a wrong, forged or used link.
 */
export async function giveCollectionBankDetails(
  db: Db,
  token: string,
  details: PayoutDetails,
  keys: PayoutKeys,
  now = new Date(),
): Promise<boolean> {
  if (!token || token.length > 100) return false
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ requestId: collectionPayment.requestId, organisation: collectionRequest.organisation })
      .from(collectionPayment)
      .innerJoin(collectionRequest, eq(collectionRequest.id, collectionPayment.requestId))
      .where(and(eq(collectionPayment.tokenHash, hashBankLinkToken(token)), eq(collectionPayment.state, 'waiting')))
      .for('update')
    if (!row) return false
    const [given] = await tx
      .update(collectionPayment)
      .set({
        state: 'given',
        tokenHash: null,
        bankSealed: sealPayout(details, row.requestId, keys),
        bankLast4: COLLECTION_PAYOUT_METHOD.last4(details),
        bankGivenAt: now,
      })
      .where(and(eq(collectionPayment.requestId, row.requestId), eq(collectionPayment.state, 'waiting')))
      .returning({ id: collectionPayment.requestId })
    if (!given) return false
    await tx
      .insert(collectionPaymentEvent)
      .values({ requestId: row.requestId, at: now, action: 'bank-details', actorName: row.organisation })
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

/** Pays the collection's quote once, through `payer`; see the module's comment. */
export async function payCollection(
  db: Db,
  requestId: string,
  by: CollectionActor,
  world: { payer: Payer<PayoutDetails>; keys: PayoutKeys; mail: RemittanceMail },
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
    if (row.state === 'waiting' || !row.bankSealed) return { kind: 'refused', code: 'noBankDetails' }
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
      .values({ requestId, at: now, action: 'pay', actorUserId: by.userId, actorName })
    return moved
  })
  if ('kind' in started) return started
  const reply = await world.payer.send({
    idempotencyKey: started.idempotencyKey,
    amountPence: started.amountPence,
    reference: started.reference,
    details: openPayout(started.bankSealed!, requestId, world.keys),
  })
  if (!reply.ok || reply.value.status === 'rejected' || reply.value.status === 'returned') return { kind: 'failed' }
  return recordPaid(db, requestId, reply.value.id, by, world.mail, now)
}

/** The payer took the payment: `paid`, its event and the remittance e-mail, once. */
async function recordPaid(
  db: Db,
  requestId: string,
  payerPaymentId: string,
  by: CollectionActor,
  mail: RemittanceMail,
  now: Date,
): Promise<PayOutcome> {
  return db.transaction(async (tx): Promise<PayOutcome> => {
    const [paid] = await tx
      .update(collectionPayment)
      .set({ state: 'paid', payerPaymentId, paidAt: now })
      .where(and(eq(collectionPayment.requestId, requestId), eq(collectionPayment.state, 'sending')))
      .returning()
    if (!paid) return { kind: 'already' }
    const actorName = (await staffName(tx, by.actor, by.userId)) ?? ''
    await tx
      .insert(collectionPaymentEvent)
      .values({ requestId, at: now, action: 'paid', actorUserId: by.userId, actorName })
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
  events: { id: number; at: Date; action: string; actorName: string }[]
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
    })
    .from(collectionPaymentEvent)
    .where(eq(collectionPaymentEvent.requestId, requestId))
    .orderBy(asc(collectionPaymentEvent.id))
  const { state, amountPence, bankLast4, reference, paidAt } = row
  return { state, amountPence, bankLast4, reference, paidAt, events }
}
