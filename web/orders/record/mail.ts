import 'server-only'
import type { EmailCopy, OrderCopy } from '@/content/types'
import { payoutAccount } from '@/payouts/methods'
import { formatPence } from '@/lib/money'
import { renderEmail } from '@/mail/templates'
import type { MailMessage } from '@/mail/send'
import type { OrderEmail } from '@/orders/record/lifecycle'
import { orderPath, orderToken, signedPhotoPath, tokenPath } from '@/orders/record/order-token'
import { type OrderRecord } from '@/orders/record/store'
import { revisedTotal } from '@/orders/record/order-values'
import { formatLongDate } from '@/lib/dates'
import { fillTemplate } from '@/lib/templates'
import { cautionCleared } from '@/register/checks'

export type OrderMailKind = OrderEmail | 'orderConfirmation' | 'revisedOfferReminder' | 'labelReady' | 'parcelAstray'
export type QueuedMail = MailMessage & { kind: string }

/** Everything rendering an order's e-mails needs, read once before a transaction starts. */
export type OrderMailContext = {
  /** The E-mails document, the site facts ({phone}, {holdDays}…) already written in by the loader. */
  copy: EmailCopy
  /** Where links start: SITE_URL, or http://localhost on this machine (see linkOrigin in web/config). */
  origin: string
  /** Our page on the review site (Site settings, under the rating): the paid e-mail asks for a review there. */
  reviewUrl: string
  /** The Orders document's checkout words, for naming the account paid the method's way ({account}). */
  checkout: OrderCopy['checkout']
}

type OrderForMail = Pick<
  OrderRecord,
  | 'reference'
  | 'name'
  | 'email'
  | 'totalPence'
  | 'holdUntil'
  | 'offerDeadline'
  | 'payoutLast4'
  | 'payoutMethod'
  | 'returnTracking'
  | 'postagePack'
> & {
  /** The carrier label's tracking number, for the e-mails that bring a label made late or say the parcel is astray. */
  parcelTracking?: string | null
  items: Array<
    Pick<OrderRecord['items'][number], 'device' | 'pricePence' | 'revisedPricePence' | 'revisedReason'> &
      Partial<
        Pick<
          OrderRecord['items'][number],
          | 'registerResult'
          | 'registerCertificate'
          | 'registerCheckedAt'
          | 'cautionClearedAt'
          | 'cautionClearedCertificate'
          | 'id'
          | 'offerAnswer'
        >
      >
  >
  photos?: Array<Pick<OrderRecord['photos'][number], 'id' | 'orderItemId'>>
}

/**
 * What the register said, a line per device: every device when they are checked (or checked again
 * to end a hold); the ones it flagged (or, quarantined by hand after passes, every one) when the
 * order is put on hold. A caution a manager cleared reads as cleared.
 */
function registerLines(kind: OrderMailKind, items: OrderForMail['items'], copy: EmailCopy): string {
  const flagged = items.filter((item) => item.registerResult !== 'pass')
  const listed = kind === 'quarantined' && flagged.length ? flagged : items
  const words = {
    pass: copy.registerPass,
    caution: copy.registerCaution,
    fail: copy.registerFail,
    waiting: copy.registerWaiting,
  } as Record<string, string>
  return listed
    .map((item) =>
      item.registerCertificate && item.registerResult
        ? fillTemplate(copy.registerLine, {
            device: item.device,
            result: isCleared(item) ? copy.registerCleared : (words[item.registerResult] ?? ''),
            certificate: item.registerCertificate,
          })
        : // Waiting on the register, or (quarantined by hand before the check) never asked.
          item.registerResult === 'waiting'
          ? `${item.device}: ${copy.registerWaiting}`
          : item.device,
    )
    .join('\n')
}

/** The e-mails that list what the register said about each device. */
const RESULT_MAILS: readonly OrderMailKind[] = ['checked', 'quarantined', 'released', 'heldReturned']

const isCleared = (item: OrderForMail['items'][number]) =>
  cautionCleared({
    registerResult: item.registerResult ?? null,
    registerCertificate: item.registerCertificate ?? null,
    registerCheckedAt: item.registerCheckedAt ?? null,
    cautionClearedAt: item.cautionClearedAt ?? null,
    cautionClearedCertificate: item.cautionClearedCertificate ?? null,
  })

/** The e-mails whose words speak of paying, and the free recycling order's words in their place. */
const FREE_RECYCLING_WORDS: Partial<Record<OrderMailKind, 'recyclingConfirmation' | 'recyclingChecked'>> = {
  orderConfirmation: 'recyclingConfirmation',
  checked: 'recyclingChecked',
}

/**
 * One order e-mail in the E-mails document's words, its links signed so that they open the order
 * without signing in. Nothing here sends: the message goes to the outbox with the change it tells of.
 */
export function orderMail(kind: OrderMailKind, order: OrderForMail, context: OrderMailContext): QueuedMail[] {
  if (!order.email) return []
  const { copy, origin } = context
  // A free recycling order (£0: nothing is paid) is told so in its own words, never "£0.00".
  const free = order.totalPence === 0 ? FREE_RECYCLING_WORDS[kind] : undefined
  const words = copy[free ?? (kind as keyof EmailCopy)] as Parameters<typeof renderEmail>[1]
  // The seller's signed link opens the order's page; each photo has a link that opens it alone, so
  // that a photo forwarded to a friend hands over nothing else.
  const token = orderToken(order.reference)
  const orderLink = `${origin}${tokenPath(token)}`
  const values = {
    name: order.name ?? '',
    reference: order.reference,
    total: formatPence(
      kind === 'revisedOffer' || kind === 'revisedOfferReminder' ? revisedTotal(order) : order.totalPence,
    ),
    holdUntil: formatLongDate(order.holdUntil),
    deadline: order.offerDeadline ? formatLongDate(order.offerDeadline) : '',
    reason: order.items
      .flatMap((item) => (item.revisedReason ? [`${item.device}: ${item.revisedReason}`] : []))
      .join('\n'),
    last4: order.payoutLast4 ?? '',
    // "the account ending 5678", "the PayPal account s•••@e•••.com": as the method shows it.
    account: payoutAccount(context.checkout, order.payoutMethod, order.payoutLast4 ?? ''),
    tracking: (kind === 'labelReady' || kind === 'parcelAstray' ? order.parcelTracking : order.returnTracking) ?? '',
    results: RESULT_MAILS.includes(kind) ? registerLines(kind, order.items, copy) : '',
  }
  const answering = kind === 'revisedOffer' || kind === 'revisedOfferReminder'
  // The seller answers each device on the order's page, where the photos are too.
  // A payment the bank returned: straight to where the seller changes their bank details.
  const link = answering ? `${orderLink}#offer` : kind === 'paymentFailed' ? `${orderLink}#payout-change` : orderLink
  // The label is the carrier's, asked of it when the link is opened (or, while there is none, made
  // then from today's address): nothing is stored per order.
  const labelLink = `${origin}${orderPath(order.reference, 'label')}`
  const secondLink = (
    { orderConfirmation: labelLink, labelReady: labelLink, paid: context.reviewUrl } as Partial<
      Record<OrderMailKind, string>
    >
  )[kind]
  const price = (item: OrderForMail['items'][number]): string =>
    answering && item.revisedPricePence !== null
      ? fillTemplate(copy.revisedPriceRow, {
          old: formatPence(item.pricePence),
          new: formatPence(item.revisedPricePence),
        })
      : formatPence(item.pricePence)
  const table =
    (kind === 'orderConfirmation' && !free) || answering
      ? {
          heading: copy.orderItemsHeading,
          rows: order.items.map((item) => [item.device, price(item)] as [string, string]),
          totalLabel: copy.totalLabel,
          total: values.total,
        }
      : undefined
  const links = answering
    ? order.items.flatMap((item) =>
        (order.photos ?? [])
          .filter((photo) => photo.orderItemId === item.id)
          .map((photo, index) => ({
            label: fillTemplate(copy.photoLink, { number: index + 1, device: item.device }),
            href: `${origin}${signedPhotoPath(photo.id)}`,
          })),
      )
    : []
  const message = renderEmail(copy, withPostagePack(kind, order, copy, words), values, order.email, link, {
    secondLink,
    table,
    links: links.length ? { heading: copy.photosHeading, links } : undefined,
  })
  return [{ ...message, kind }]
}

type Words = Parameters<typeof renderEmail>[1]

/** The confirmation says a postage pack is coming when the seller asked for one, before its buttons. */
function withPostagePack(kind: OrderMailKind, order: OrderForMail, copy: EmailCopy, words: Words): Words {
  if (kind !== 'orderConfirmation' || !order.postagePack) return words
  return { ...words, intro: `${words.intro}\n\n${copy.postagePackNote}` }
}
