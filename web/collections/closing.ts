/**
 * Closing a collected collection, inside the move's transaction (store.ts): with devices, it needs
 * its quote settled (sent, and paid when above £0) and their certificate, and issues the waste transfer note and the itemised report and queues the
 * business's e-mail with all three;
 * with none, nothing was transferred, so there is no paperwork and no e-mail, and the site's entry in
 * the history says why.
 */
import 'server-only'
import { and, eq, isNull, sql } from 'drizzle-orm'
import {
  collectionDevice,
  collectionPayment,
  collectionQuoteEvent,
  collectionRequest,
  collectionRequestEvent,
  type CollectionRequestRow,
} from '@/db/schema'
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

/** Why a collected collection with devices cannot close yet: nothing is changed. */
export type ClosingRefusal = 'quoteNotSent' | 'quoteNotPaid' | 'certificateMissing'

/**
 * How many devices the collection brought and its certificate, with the request locked, so no
 * device is added between this count and the close (adding one locks the request too). Devices
 * came in: refused until the quote is sent (sending it locks the request as well), then until a
 * quote above £0 is paid, then until their certificate is issued. The payment's row is locked too,
 * so its move cannot pass this check half-made. Null when the request is no longer collected,
 * which the move's guarded update then reports.
 */
export async function closingPaperwork(tx: Tx, id: string): Promise<ClosingPaperwork | ClosingRefusal | null> {
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
  const settled = await quoteSettled(tx, id)
  if (settled !== true) return settled
  const certificate = await collectionDocumentOf(tx, id, 'certificate')
  return certificate ? { count, certificate: certificate.number } : 'certificateMissing'
}

/**
 * Whether the collection's quote is settled: sent, and (its total above £0, so a payment was
 * opened with it) paid. A quote of £0, every device recycled, opens no payment and needs none.
 */
async function quoteSettled(tx: Tx, id: string): Promise<true | 'quoteNotSent' | 'quoteNotPaid'> {
  const [sent] = await tx
    .select({ total: collectionQuoteEvent.valuePence })
    .from(collectionQuoteEvent)
    .where(and(eq(collectionQuoteEvent.requestId, id), isNull(collectionQuoteEvent.deviceId)))
  if (!sent) return 'quoteNotSent'
  const [payment] = await tx
    .select({ state: collectionPayment.state })
    .from(collectionPayment)
    .where(eq(collectionPayment.requestId, id))
    .for('update')
  if (payment) return payment.state === 'paid' ? true : 'quoteNotPaid'
  return (sent.total ?? 0) > 0 ? 'quoteNotPaid' : true
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
