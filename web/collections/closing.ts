/**
 * Closing a collected collection, inside the move's transaction (store.ts): with devices, it needs
 * their certificate, and issues the waste transfer note and the itemised report and queues the
 * business's e-mail with all three;
 * with none, nothing was transferred, so there is no paperwork and no e-mail, and the site's entry in
 * the history says why.
 */
import 'server-only'
import { eq, sql } from 'drizzle-orm'
import { collectionDevice, collectionRequest, collectionRequestEvent, type CollectionRequestRow } from '@/db/schema'
import { queueEmails, type QueuedEmail } from '@/mail/queue'
import type { Tx } from '@/orders/moves/move-store'
import { collectionDocumentOf, issueDocument } from './paperwork/paperwork-store'
import type { CollectionSiteEntries } from './site-entries'

/** What closing a collected collection is given from content: the paperwork e-mail and the site's words. */
export type ClosingContext = {
  /** The business's e-mail with its paperwork, made from the closed request. */
  paperworkMail: PaperworkMail
  site: Pick<CollectionSiteEntries, 'nothingCollected'>
}

/** The closing e-mail, made in the closing transaction from the request and its three documents' numbers. */
export type PaperworkMail = (
  request: CollectionRequestRow,
  paperwork: { certificate: string; wasteNote: string; report: string; count: number },
) => QueuedEmail

export type ClosingPaperwork = { count: number; certificate: string | null }

/**
 * How many devices the collection brought and its certificate, with the request locked, so no
 * device is added between this count and the close (adding one locks the request too). Refused
 * when devices came in and their certificate is not issued; null when the request is no longer
 * collected, which the move's guarded update then reports.
 */
export async function closingPaperwork(tx: Tx, id: string): Promise<ClosingPaperwork | 'certificateMissing' | null> {
  const [request] = await tx
    .select({ status: collectionRequest.status })
    .from(collectionRequest)
    .where(eq(collectionRequest.id, id))
    .for('update')
  if (request?.status !== 'collected') return null
  const [{ count } = { count: 0 }] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(collectionDevice)
    .where(eq(collectionDevice.requestId, id))
  if (!count) return { count, certificate: null }
  const certificate = await collectionDocumentOf(tx, id, 'certificate')
  return certificate ? { count, certificate: certificate.number } : 'certificateMissing'
}

/** The close's paperwork, once the request is closed and its move recorded. */
export async function closeCollected(
  tx: Tx,
  closed: CollectionRequestRow,
  { count, certificate }: ClosingPaperwork,
  by: { userId: string; name: string },
  context: ClosingContext,
  now: Date,
) {
  if (!count || !certificate) {
    const { name, reason } = context.site.nothingCollected
    await tx.insert(collectionRequestEvent).values({
      requestId: closed.id,
      at: now,
      actorUserId: null,
      actorName: name,
      fromStatus: closed.status,
      toStatus: closed.status,
      reason,
    })
    return
  }
  // Issued once: a collection closed, reopened and closed again keeps the note and report it was given.
  const note = await issueDocument(tx, closed.id, 'waste-note', by, now)
  const report = await issueDocument(tx, closed.id, 'report', by, now)
  const paperwork = { certificate, wasteNote: note.number, report: report.number, count }
  await queueEmails(tx, [context.paperworkMail(closed, paperwork)])
}
