/**
 * The stages of an order, in the order a seller meets them. The site's lifecycle moves orders
 * between these; the Studio asks for a name and an explanation of each.
 */
export const ORDER_STATUSES = [
  'placed',
  'received',
  'checked',
  'revised',
  'accepted',
  // In a payment run: the bank file is made and the money is on its way.
  'paying',
  // The bank returned or refused the payment: the seller checks their bank details.
  'payment-failed',
  'returning',
  'returned',
  'paid',
  'cancelled',
  'expired',
  'quarantined',
  'closed',
  // A free recycling order, checked: the device is ours to recycle, and nothing is paid for it.
  'recycling',
] as const

export type OrderStatus = (typeof ORDER_STATUSES)[number]

/**
 * Statuses at rest after which an order's full bank details are kept only a set number of days
 * (web/orders/moves/retention.ts; the database indexes the orders that still hold them by these).
 * An order closed after a stolen-device flag keeps them for the police.
 */
export const BANK_DETAILS_END_STATUSES: readonly OrderStatus[] = ['paid', 'returned', 'cancelled', 'expired']

/**
 * Statuses an order rests in, with nothing owed by either side: the lifecycle derives the same from
 * its moves (SETTLED_STATUSES in web/orders/record/lifecycle.ts; a test holds the two equal). The
 * staff list's "Unclaimed" leaves these out, and the database indexes the orders still in progress by them.
 */
export const AT_REST_STATUSES: readonly OrderStatus[] = [
  'paid',
  'returned',
  'cancelled',
  'expired',
  'closed',
  'recycling',
]

/**
 * Statuses whose devices the business owns, so the stock intake takes them in
 * (web/stock/stock-store.ts): bought and paid for, or taken for free recycling.
 */
export const STOCK_INTAKE_STATUSES: readonly OrderStatus[] = ['paid', 'recycling']
