import type { EmailCopy } from '@/content/types'
import type { CollectionRequestRow } from '@/db/schema'
import type { QueuedEmail } from '@/mail/queue'
import { renderEmail } from '@/mail/templates'
import { formatCertificateCode } from '@/stock/certificate-code'

/**
 * The business's acknowledgement, in the E-mails document's words: what they asked for, as they
 * typed it, so a slip shows before the van is booked. It has no button: the request has no page
 * of the business's own yet.
 */
export function collectionRequestedMail(request: CollectionRequestRow, copy: EmailCopy): QueuedEmail {
  const values = {
    name: request.contactName,
    organisation: request.organisation,
    deviceCount: request.deviceCount,
    devices: request.devices,
    address: request.address,
    postcode: request.postcode,
    preferredDates: request.preferredDates,
  }
  const frame = { greeting: copy.greeting, signOff: copy.signOff, footer: copy.footer }
  const message = renderEmail(frame, copy.collectionRequested, values, request.email)
  return { ...message, kind: 'collection-requested', collectionRequestId: request.id }
}

/**
 * The business's paperwork when its collection closes: the certificate's check page as the button
 * (the PDF is one click from there) and the waste transfer note by its signed link, which opens
 * that note and nothing else. In the E-mails document's words.
 */
export function collectionClosedMail(
  request: CollectionRequestRow,
  paperwork: { certificate: string; wasteNote: string; count: number },
  copy: EmailCopy,
  links: { certificate: string; wasteNote: string },
): QueuedEmail {
  const values = {
    name: request.contactName,
    organisation: request.organisation,
    count: paperwork.count,
    certificate: formatCertificateCode(paperwork.certificate),
    wasteNote: formatCertificateCode(paperwork.wasteNote),
  }
  const frame = { greeting: copy.greeting, signOff: copy.signOff, footer: copy.footer }
  const message = renderEmail(frame, copy.collectionClosed, values, request.email, links.certificate, {
    secondLink: links.wasteNote,
  })
  return { ...message, kind: 'collection-closed', collectionRequestId: request.id }
}
