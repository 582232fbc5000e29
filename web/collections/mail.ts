import type { EmailCopy } from '@/content/types'
import type { CollectionRequestRow } from '@/db/schema'
import type { QueuedEmail } from '@/mail/queue'
import { renderEmail } from '@/mail/templates'
import { formatPenceExact } from '@/lib/money'
import { fillTemplate } from '@/lib/templates'
import { formatCertificateCode } from '@/stock/certificate-code'
import type { Quote } from './quote-store'

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
 * (the PDF is one click from there), and the waste transfer note and the itemised report each by its
 * signed link, which opens that document and nothing else. In the E-mails document's words.
 */
export function collectionClosedMail(
  request: CollectionRequestRow,
  paperwork: { certificate: string; wasteNote: string; report: string; count: number },
  copy: EmailCopy,
  links: { certificate: string; wasteNote: string; report: string },
): QueuedEmail {
  const values = {
    name: request.contactName,
    organisation: request.organisation,
    count: paperwork.count,
    certificate: formatCertificateCode(paperwork.certificate),
    wasteNote: formatCertificateCode(paperwork.wasteNote),
    report: formatCertificateCode(paperwork.report),
  }
  const frame = { greeting: copy.greeting, signOff: copy.signOff, footer: copy.footer }
  const message = renderEmail(frame, copy.collectionClosed, values, request.email, links.certificate, {
    secondLink: links.wasteNote,
    links: {
      heading: copy.collectionClosedReportHeading,
      links: [{ label: copy.collectionClosedReportLink, href: links.report }],
    },
  })
  return { ...message, kind: 'collection-closed', collectionRequestId: request.id }
}

/**
 * The business's quote: each device (make, model, IMEI, grade) with what we value it at or that it will
 * be recycled, the total, and our waste carrier registration number (Site settings), in the
 * E-mails document's words.
 */
export function collectionQuoteMail(
  request: CollectionRequestRow,
  quote: Quote,
  copy: EmailCopy,
  wasteCarrierNumber: string,
): QueuedEmail {
  const total = formatPenceExact(quote.totalPence)
  const recycled = quote.devices.filter((device) => device.recycle).length
  const values = {
    name: request.contactName,
    organisation: request.organisation,
    count: quote.devices.length,
    recycled,
    total,
    wasteCarrierNumber,
  }
  const rows = quote.devices.map((device): [string, string] => [
    fillTemplate(copy.collectionQuoteDevice, {
      make: device.make,
      model: device.model,
      imei: device.imei,
      grade: device.gradeName ?? '',
    }),
    device.valuePence === null ? copy.collectionQuoteRecycled : formatPenceExact(device.valuePence),
  ])
  const frame = { greeting: copy.greeting, signOff: copy.signOff, footer: copy.footer }
  const table = { heading: copy.collectionQuoteHeading, rows, totalLabel: copy.totalLabel, total }
  return {
    ...renderEmail(frame, copy.collectionQuote, values, request.email, undefined, { table }),
    kind: 'collection-quote',
    // Deleted with its request, or when its contact is removed (retention.ts), as the others are.
    collectionRequestId: request.id,
  }
}
