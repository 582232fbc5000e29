/**
 * How long a business collection request is kept (the minute job's, jobs.ts). One closed with no
 * device recorded (nothing was collected) is deleted whole, with its history and its e-mails, the
 * contact messages' days after it closed. One whose devices came in is a record the law and the
 * stock ledger ask for (its devices, certificate and waste transfer note, which states the
 * business's name and address): it stays, and its contact (name, e-mail, phone) is taken from it
 * the set years after its note was issued, with the site's entry in its history saying so.
 */
import 'server-only'
import { and, asc, eq, lt, lte, notExists, sql } from 'drizzle-orm'
import type { Db } from '@/db/connection'
import { collectionDevice, collectionDocument, collectionRequest, collectionRequestEvent } from '@/db/schema'
import type { CollectionSiteEntries } from './site-entries'
import { namesPerson, removeContactFrom } from './store'

/** The periods, from the Contact inbox document: its days for a message, its years for a collection's contact. */
export type CollectionRetention = { emptyDays: number; contactYears: number }

const DAY_MS = 24 * 3600 * 1000
const BATCH = 500

const devicesOf = (db: Pick<Db, 'select'>) =>
  db
    .select({ id: collectionDevice.id })
    .from(collectionDevice)
    .where(eq(collectionDevice.requestId, collectionRequest.id))
const paperworkOf = (db: Pick<Db, 'select'>) =>
  db
    .select({ id: collectionDocument.id })
    .from(collectionDocument)
    .where(eq(collectionDocument.requestId, collectionRequest.id))

/**
 * Deletes the requests closed longer than `days` ago with no device and no paperwork: asked for
 * and never collected, or collected with nothing to take. Their history and e-mails go with them
 * (ON DELETE CASCADE). A request reopened is not closed, and starts again when it closes. Answers how many.
 */
export async function deleteEmptyClosedRequests(db: Db, now: Date, days: number): Promise<number> {
  const deleted = await db
    .delete(collectionRequest)
    .where(
      and(
        eq(collectionRequest.status, 'closed'),
        lt(collectionRequest.statusChangedAt, new Date(now.getTime() - days * DAY_MS)),
        notExists(devicesOf(db)),
        notExists(paperworkOf(db)),
      ),
    )
    .returning({ id: collectionRequest.id })
  return deleted.length
}

/** When a request's contact starts to count down: its waste transfer note's issue, or its close for one without. */
const noteIssuedOrClosed = sql<Date>`coalesce((select ${collectionDocument.issuedAt} from ${collectionDocument}
  where ${collectionDocument.requestId} = ${collectionRequest.id} and ${collectionDocument.kind} = 'waste-note'),
  ${collectionRequest.statusChangedAt})`

/** Closed requests whose devices came in and that still name their contact `years` after their note, longest due first. */
export async function contactsDue(db: Db, now: Date, years: number): Promise<string[]> {
  const cutoff = new Date(now)
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - years)
  const rows = await db
    .select({ id: collectionRequest.id })
    .from(collectionRequest)
    .where(
      and(
        eq(collectionRequest.status, 'closed'),
        namesPerson,
        sql`exists ${devicesOf(db)}`,
        lte(noteIssuedOrClosed, cutoff),
      ),
    )
    .orderBy(asc(noteIssuedOrClosed))
    .limit(BATCH)
  return rows.map((row) => row.id)
}

/**
 * Takes the contact from one request, as account deletion does (removeContactFrom), with the site's
 * entry in its history, in one transaction. False when there was no one left to take.
 */
export async function removeCollectionContact(
  db: Db,
  id: string,
  entry: { name: string; reason: string },
  now = new Date(),
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [removed] = await removeContactFrom(tx, eq(collectionRequest.id, id))
    if (!removed) return false
    await tx.insert(collectionRequestEvent).values({
      requestId: id,
      at: now,
      actorUserId: null,
      actorName: entry.name,
      fromStatus: 'closed',
      toStatus: 'closed',
      reason: entry.reason,
    })
    return true
  })
}

/** Everything a collection's retention owes at `now`: the empty requests deleted, then the contacts due removed. */
export async function applyCollectionRetention(
  db: Db,
  retention: CollectionRetention,
  site: Pick<CollectionSiteEntries, 'contactRemoved'>,
  now = new Date(),
): Promise<{ deleted: number; contactsRemoved: number }> {
  const deleted = await deleteEmptyClosedRequests(db, now, retention.emptyDays)
  const entry = site.contactRemoved(retention.contactYears)
  let contactsRemoved = 0
  for (const id of await contactsDue(db, now, retention.contactYears)) {
    if (await removeCollectionContact(db, id, entry, now)) contactsRemoved++
  }
  return { deleted, contactsRemoved }
}
