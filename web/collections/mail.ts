import type { EmailCopy } from '@/content/types'
import type { CollectionPaymentRow, CollectionRequestRow } from '@/db/schema'
import type { QueuedEmail } from '@/mail/queue'
import { renderEmail } from '@/mail/templates'
import { formatLongDate } from '@/lib/dates'
import { formatPenceExact } from '@/lib/money'
import { fillTemplate } from '@/lib/templates'
import { formatCertificateCode } from '@/stock/certificate-code'
import { BANK_LINK_DAYS } from './payment/payment-link'
import type { Quote } from './quote/quote-store'

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
 * The business's paperwork when its collection closes: the certificate as the button (its PDF with
 * every IMEI whole, by its signed link; anyone else checks it by number, by the IMEIs' last
 * digits), and the waste transfer note and the itemised report each by its
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
 * E-mails document's words; its button is the link for the business's bank details, when there is
 * something to pay.
 */
export function collectionQuoteMail(
  request: CollectionRequestRow,
  quote: Quote,
  copy: EmailCopy,
  wasteCarrierNumber: string,
  bankLink?: string,
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
  const frame = { greeting: copy.greeting, signOff: copy.signOff, footer: copy.footer }
  const table = {
    heading: copy.collectionQuoteHeading,
    rows: deviceRows(quote, copy),
    totalLabel: copy.totalLabel,
    total,
  }
  return {
    ...renderEmail(frame, copy.collectionQuote, values, request.email, bankLink, { table }),
    kind: 'collection-quote',
    // Deleted with its request, or when its contact is removed (retention.ts), as the others are.
    collectionRequestId: request.id,
  }
}

/** Each device of a quote with its value, or that it is recycled with none: as the quote and the remittance list them. */
function deviceRows(quote: Quote, copy: EmailCopy) {
  return quote.devices.map((device): [string, string] => [
    fillTemplate(copy.collectionQuoteDevice, {
      make: device.make,
      model: device.model,
      imei: device.imei,
      grade: device.gradeName ?? '',
    }),
    device.valuePence === null ? copy.collectionQuoteRecycled : formatPenceExact(device.valuePence),
  ])
}

/**
 * The remittance statement once a manager pays the quote: each device with what was paid for it
 * (or recycled, no value), the total paid, the day and the payment's reference, in the E-mails
 * document's words.
 */
export function collectionRemittanceMail(
  request: CollectionRequestRow,
  quote: Quote,
  payment: Pick<CollectionPaymentRow, 'amountPence' | 'paidAt' | 'reference'>,
  copy: EmailCopy,
): QueuedEmail {
  const total = formatPenceExact(payment.amountPence)
  const values = {
    name: request.contactName,
    organisation: request.organisation,
    count: quote.devices.length,
    recycled: quote.devices.filter((device) => device.recycle).length,
    total,
    paidOn: formatLongDate(payment.paidAt ?? new Date()),
    reference: payment.reference,
  }
  const frame = { greeting: copy.greeting, signOff: copy.signOff, footer: copy.footer }
  const table = {
    heading: copy.collectionQuoteHeading,
    rows: deviceRows(quote, copy),
    totalLabel: copy.totalLabel,
    total,
  }
  return {
    ...renderEmail(frame, copy.collectionRemittance, values, request.email, undefined, { table }),
    kind: 'collection-remittance',
    collectionRequestId: request.id,
  }
}

/**
 * The business's new link for its bank details, in the E-mails document's words: after the bank
 * sent its payment back, or when a manager renews a link that expired or was lost. It says how many
 * days the link works (payment-link.ts).
 */
export function collectionBankLinkMail(
  request: CollectionRequestRow,
  payment: Pick<CollectionPaymentRow, 'amountPence'>,
  copy: EmailCopy,
  why: 'returned' | 'renewed',
  bankLink: string,
): QueuedEmail {
  const values = {
    name: request.contactName,
    organisation: request.organisation,
    total: formatPenceExact(payment.amountPence),
    days: BANK_LINK_DAYS,
  }
  const frame = { greeting: copy.greeting, signOff: copy.signOff, footer: copy.footer }
  const words = why === 'returned' ? copy.collectionPaymentReturned : copy.collectionBankLinkRenewed
  return {
    ...renderEmail(frame, words, values, request.email, bankLink),
    kind: why === 'returned' ? 'collection-payment-returned' : 'collection-bank-link',
    collectionRequestId: request.id,
  }
}
