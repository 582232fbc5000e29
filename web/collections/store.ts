import 'server-only'
import { and, asc, count, desc, eq, inArray, ne, not, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from '@/db/connection'
import {
  collectionDevice,
  collectionPayment,
  collectionRequest,
  collectionRequestEvent,
  emailOutbox,
  type CollectionRequestEventRow,
  type CollectionRequestRow,
} from '@/db/schema'
import { queueEmails, type QueuedEmail } from '@/mail/queue'
import { closeCollected, closingPaperwork, type ClosingContext, type ClosingRefusal } from './closing'
import type { CollectionInput } from './validation'
import { COLLECTION_MOVES, isCollectionRequestId, type CollectionStatus } from './statuses'

/**
 * A request is stored and its acknowledgement to the business queued in one transaction: either
 * both are kept or neither is. The caller wakes the outbox once this returns.
 */
export async function recordCollectionRequest(
  db: Db,
  input: CollectionInput,
  acknowledgement: (row: CollectionRequestRow) => QueuedEmail,
  now = new Date(),
): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(collectionRequest)
      .values({ ...input, email: input.email.toLowerCase(), createdAt: now, statusChangedAt: now })
      .returning()
    await queueEmails(tx, [acknowledgement(row!)])
    return row!.id
  })
}

export type CollectionListRow = Pick<
  CollectionRequestRow,
  'id' | 'organisation' | 'contactName' | 'postcode' | 'deviceCount' | 'status' | 'createdAt'
> & { quoteSent: boolean; collectedAt: Date | null }

const quoteSent = sql<boolean>`exists (select 1 from collection_quote_event q
  where q.request_id = "collection_request"."id" and q.device_id is null)`

// When its devices were collected (its latest move to collected): the quote's working days run from then.
const collectedAt = sql<Date | null>`(select max(e.at) from collection_request_event e
  where e.request_id = "collection_request"."id" and e.to_status = 'collected')`.mapWith(collectionRequestEvent.at)

/** The requests for the staff list, newest first. */
export async function listCollectionRequests(db: Db, limit = 200): Promise<CollectionListRow[]> {
  return db
    .select({
      id: collectionRequest.id,
      organisation: collectionRequest.organisation,
      contactName: collectionRequest.contactName,
      postcode: collectionRequest.postcode,
      deviceCount: collectionRequest.deviceCount,
      status: collectionRequest.status,
      createdAt: collectionRequest.createdAt,
      quoteSent,
      collectedAt,
    })
    .from(collectionRequest)
    .orderBy(desc(collectionRequest.createdAt), desc(collectionRequest.id))
    .limit(limit)
}

/**
 * How many collected requests still wait for their quote although collected before `before` (the
 * working days the quote promises, counted back from now): the staff home's late quotes, by the
 * same reading of the history as the list's timer.
 */
export async function countLateQuotes(db: Pick<Db, 'select'>, before: Date): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(collectionRequest)
    .where(
      and(
        eq(collectionRequest.status, 'collected'),
        not(quoteSent),
        sql`${collectedAt} < ${before.toISOString()}::timestamptz`,
      ),
    )
  return row?.count ?? 0
}

export type CollectionRequestRecord = CollectionRequestRow & { events: CollectionRequestEventRow[] }

/** One request with its moves (who, when, why), oldest first; null when there is none. */
export async function getCollectionRequest(db: Db, id: string): Promise<CollectionRequestRecord | null> {
  if (!isCollectionRequestId(id)) return null
  const [row] = await db.select().from(collectionRequest).where(eq(collectionRequest.id, id))
  if (!row) return null
  const events = await db
    .select()
    .from(collectionRequestEvent)
    .where(eq(collectionRequestEvent.requestId, id))
    .orderBy(asc(collectionRequestEvent.id))
  return { ...row, events }
}

export type CollectionMove = {
  id: string
  /** The status the staff member saw: the move is made only from it. */
  from: CollectionStatus
  to: CollectionStatus
  reason: string
  actor: { userId: string; name: string }
}

export type CollectionMoveResult =
  | { ok: true }
  | { ok: false; code: 'notFound' | 'notAllowed' }
  /**
   * A collected collection with devices closes only with its quote sent (and paid, above £0) and
   * their certificate issued: nothing was changed.
   */
  | { ok: false; code: ClosingRefusal }
  /** Someone moved it first (or this is the same form sent twice): nothing was changed. */
  | { ok: false; code: 'moved'; status: string }

/**
 * Moves a request from the status the staff member saw to another, with an event saying who, when
 * and why, in one transaction. Closing a collected collection does what closing.ts says (its
 * quote settled and its certificate needed, its waste transfer note and e-mail; or, with no devices, neither) in that
 * same transaction. The update is guarded by the status seen, so of two moves made from one view
 * only the first goes through.
 */
export async function moveCollectionRequest(
  db: Db,
  move: CollectionMove,
  now = new Date(),
  /** Needed to close a collected collection: the words and e-mail come from content. */
  closingContext?: ClosingContext,
): Promise<CollectionMoveResult> {
  if (!isCollectionRequestId(move.id)) return { ok: false, code: 'notFound' }
  if (!COLLECTION_MOVES[move.from].includes(move.to)) return { ok: false, code: 'notAllowed' }
  const closing = move.from === 'collected' && move.to === 'closed'
  if (closing && !closingContext) throw new Error('Closing a collected collection needs its closing context')
  return db.transaction(async (tx): Promise<CollectionMoveResult> => {
    const paperwork = closing ? await closingPaperwork(tx, move.id) : null
    if (typeof paperwork === 'string') return { ok: false, code: paperwork }
    const [moved] = await tx
      .update(collectionRequest)
      .set({ status: move.to, statusChangedAt: now })
      .where(and(eq(collectionRequest.id, move.id), eq(collectionRequest.status, move.from)))
      .returning()
    if (!moved) {
      const [current] = await tx
        .select({ status: collectionRequest.status })
        .from(collectionRequest)
        .where(eq(collectionRequest.id, move.id))
      return current ? { ok: false, code: 'moved', status: current.status } : { ok: false, code: 'notFound' }
    }
    await tx.insert(collectionRequestEvent).values({
      requestId: move.id,
      at: now,
      actorUserId: move.actor.userId,
      actorName: move.actor.name,
      fromStatus: move.from,
      toStatus: move.to,
      reason: move.reason,
    })
    if (paperwork) await closeCollected(tx, moved, paperwork, move.actor, closingContext!, now)
    return { ok: true }
  })
}

type Reader = Pick<Db, 'select'>
type Eraser = Pick<Db, 'delete' | 'update'>

/** Every request made with the address (compared lower-cased), oldest first: for its owner's data. */
export async function collectionRequestsOf(db: Reader, email: string): Promise<CollectionRequestRecord[]> {
  const rows = await db
    .select()
    .from(collectionRequest)
    .where(eq(collectionRequest.email, email.toLowerCase()))
    .orderBy(asc(collectionRequest.createdAt), asc(collectionRequest.id))
  const records: CollectionRequestRecord[] = []
  for (const row of rows) {
    const events = await db
      .select()
      .from(collectionRequestEvent)
      .where(eq(collectionRequestEvent.requestId, row.id))
      .orderBy(asc(collectionRequestEvent.id))
    records.push({ ...row, events })
  }
  return records
}

/** What names the person who asked: taken from a request that must stay, never its business's name or address. */
const PERSON_REMOVED = { contactName: '', email: '', phone: '' }

const withDevices = sql`exists (select 1 from ${collectionDevice} where ${collectionDevice.requestId} = ${collectionRequest.id})`

/** Whether a request still names the person who asked: taking them from it again changes nothing. */
export const namesPerson = or(
  ne(collectionRequest.contactName, ''),
  ne(collectionRequest.email, ''),
  ne(collectionRequest.phone, ''),
)

/**
 * Takes the person who asked (name, e-mail, phone) from the requests matched whose devices came
 * in: each is a record its devices, certificate and waste transfer note refer to, so it stays, with
 * the business's name and address the note states. Its e-mails, which name the person, go, and so
 * do the bank details it gave for its payment. Account
 * deletion and retention both take the person this way. Returns the requests changed.
 */
export async function removeContactFrom(db: Eraser, which: SQL): Promise<string[]> {
  const kept = await db
    .update(collectionRequest)
    .set(PERSON_REMOVED)
    .where(and(which, withDevices, namesPerson))
    .returning({ id: collectionRequest.id })
  const ids = kept.map((row) => row.id)
  if (ids.length) {
    await db.delete(emailOutbox).where(inArray(emailOutbox.collectionRequestId, ids))
    // The business's bank details go with its contact: the payment's amount, day and reference stay.
    await db
      .update(collectionPayment)
      .set({
        bankSealed: null,
        bankLast4: null,
        tokenHash: null,
        payeeCheck: null,
        payeeBankName: null,
        payeeReason: null,
      })
      .where(inArray(collectionPayment.requestId, ids))
  }
  return ids
}

/**
 * Takes the person who asked from every request made with the address: one whose devices came in
 * keeps its record without them (removeContactFrom); any other is deleted with its history and its
 * e-mails. Returns how many requests the person went from.
 */
export async function eraseCollectionRequestsOf(db: Eraser, email: string): Promise<number> {
  const address = email.toLowerCase()
  const kept = await removeContactFrom(db, eq(collectionRequest.email, address))
  const deleted = await db
    .delete(collectionRequest)
    .where(eq(collectionRequest.email, address))
    .returning({ id: collectionRequest.id })
  return kept.length + deleted.length
}
