/**
 * An order's life, as data: every status, every move between them, who may make it and which
 * e-mail tells the seller. Pure, so it is tested on its own; the only way an order's status
 * changes (orders.ts) goes through `allowedMove`. The words for each status are in the CMS.
 */

import { ORDER_STATUSES, type OrderStatus } from '../../../content-rules/order-statuses'

export { ORDER_STATUSES, type OrderStatus }

/** Who acts: the seller, a member of staff, a manager, or the server's own timer. */
export type Actor = 'seller' | 'staff' | 'manager' | 'system'

/** E-mails a move sends; their words are in the E-mails document under the same names. */
export type OrderEmail =
  | 'deviceReceived'
  | 'checked'
  | 'revisedOffer'
  | 'paid'
  | 'returnRequested'
  | 'returned'
  | 'cancelled'
  | 'expired'
  | 'quarantined'
  | 'paymentFailed'
  | 'released'
  | 'heldReturned'
  | 'lockReturned'
  | 'refused'
  | 'lostInCare'

/**
 * What staff type to make a move from an order's page: a note (optional or needed), a tracking
 * number, or per device the check or the new price. Each kind's rules are in admin-input.ts and its
 * fields in components/admin/order/action-fields.tsx. A move with none is not made from that page.
 */
export type StaffFields = 'note' | 'neededNote' | 'policeReference' | 'tracking' | 'deviceChecks' | 'devicePrices'

type Move = {
  from: readonly OrderStatus[]
  to: OrderStatus
  by: readonly Actor[]
  email: OrderEmail | null
  fields?: StaffFields
  /** Refused while the payout is held after the seller changed their bank details. */
  waitsForPayoutHold?: true
  /**
   * Made for many orders at once, never from an order's page: by a payment run's pages
   * (web/orders/payment-runs/) or by the payout job and the payers' webhooks (web/orders/payments/).
   */
  inRun?: true
  /**
   * Our remedy for our own fault, not a way an order goes: left out of where a status leads (an
   * order on its way back to the seller is not "still to be paid" because we might yet lose it).
   */
  remedy?: true
}

const STAFF: readonly Actor[] = ['staff', 'manager']

export const MOVES = {
  // A device that arrives after its price hold ran out, or after the order was cancelled, is
  // received too, and priced again at the check (the seller can still ask for it back free).
  receive: {
    from: ['placed', 'expired', 'cancelled'],
    to: 'received',
    by: STAFF,
    email: 'deviceReceived',
    fields: 'note',
  },
  // Each device is checked against the stolen-device register too; "checked" is e-mailed once the
  // register has answered for every device and none failed (web/orders/moves/register-checks.ts).
  check: { from: ['received'], to: 'checked', by: STAFF, email: 'checked', fields: 'deviceChecks' },
  // Every device refused at the check (the checklist's refuse stop): the parcel goes back as it came,
  // in the check's own transaction (web/orders/moves/late-parcels.ts), the check's event naming who.
  refuse: { from: ['checked'], to: 'returning', by: ['system'], email: null },
  revise: { from: ['checked'], to: 'revised', by: STAFF, email: 'revisedOffer', fields: 'devicePrices' },
  // The system answers a revised offer nobody answered by its deadline, as the CMS says.
  accept: { from: ['revised'], to: 'accepted', by: ['seller', 'system'], email: null },
  decline: { from: ['revised'], to: 'returning', by: ['seller', 'system'], email: null },
  // The seller asks for their device back free, any time until they are paid.
  requestReturn: {
    // A payment the bank returned is not a payment: the device is still theirs to ask back.
    from: ['received', 'checked', 'revised', 'accepted', 'payment-failed'],
    to: 'returning',
    by: ['seller'],
    email: 'returnRequested',
  },
  // Paying reveals the bank details: managers only, once every device has a register pass, and
  // never while a change of them is held.
  pay: {
    from: ['checked', 'accepted', 'payment-failed'],
    to: 'paid',
    by: ['manager'],
    email: 'paid',
    fields: 'note',
    waitsForPayoutHold: true,
  },
  // A free recycling order (a £0 staff offer) is never paid: checked, with every device passed by
  // the register as paying asks, staff take it for recycling, and the stock intake takes its device
  // in. Only an order of £0 (the move's guard, web/orders/actions/actions.ts), and paying one is refused.
  recycle: { from: ['checked'], to: 'recycling', by: STAFF, email: null, fields: 'note' },
  // A payment run: a manager puts ready orders into it (the bank file is made from their details,
  // so the same rules as paying one), then marks each line paid, or failed with the bank's reason.
  startPayment: {
    from: ['checked', 'accepted', 'payment-failed'],
    to: 'paying',
    by: ['manager'],
    email: null,
    waitsForPayoutHold: true,
    inRun: true,
  },
  confirmPayment: { from: ['paying'], to: 'paid', by: ['manager'], email: 'paid', inRun: true },
  failPayment: { from: ['paying'], to: 'payment-failed', by: ['manager'], email: 'paymentFailed', inRun: true },
  // The payout job sends a payment through a payer's API at the cut-off; the payer's final status,
  // by webhook or read back, settles it (the seller's e-mail says the bank confirmed it) or fails it.
  sendPayment: {
    from: ['checked', 'accepted', 'payment-failed'],
    to: 'paying',
    by: ['system'],
    email: null,
    waitsForPayoutHold: true,
    inRun: true,
  },
  settlePayment: { from: ['paying'], to: 'paid', by: ['system'], email: 'paid', inRun: true },
  rejectPayment: { from: ['paying'], to: 'payment-failed', by: ['system'], email: 'paymentFailed', inRun: true },
  // A payment the seller's bank sends back days after it settled: the order is owed again.
  returnPayment: { from: ['paid'], to: 'payment-failed', by: ['system'], email: 'paymentFailed', inRun: true },
  return: { from: ['returning'], to: 'returned', by: STAFF, email: 'returned', fields: 'tracking' },
  // A stolen-device flag: held, and closed when its days end; never paid or returned while flagged.
  // Staff quarantine by hand (after a caution they looked up); a register fail flags the order by
  // itself, whenever it arrives.
  quarantine: {
    from: ['received', 'checked'],
    to: 'quarantined',
    by: STAFF,
    email: 'quarantined',
    fields: 'neededNote',
  },
  flag: { from: ['checked', 'revised', 'accepted'], to: 'quarantined', by: ['system'], email: 'quarantined' },
  // A hold can end before its days, once staff check the devices again (web/orders/holds/): released to
  // be paid when every device has now passed, or sent back once none is reported lost or stolen, as
  // the terms allow; each guarded in the update by what the register answered since the hold began
  // (web/orders/moves/hold-guards.ts). Or kept for the police, with their reference.
  release: { from: ['quarantined'], to: 'checked', by: STAFF, email: 'released', fields: 'note' },
  returnHeld: { from: ['quarantined'], to: 'returning', by: STAFF, email: 'heldReturned', fields: 'neededNote' },
  keepForPolice: { from: ['quarantined'], to: 'closed', by: STAFF, email: null, fields: 'policeReference' },
  close: { from: ['quarantined'], to: 'closed', by: ['system'], email: null },
  // A device still locked to an account past the deadline its lock hold gave (web/orders/locks/) goes
  // back free; staff post it from the returns queue like any other.
  returnLocked: { from: ['received'], to: 'returning', by: ['system'], email: 'lockReturned' },
  // A device lost or damaged while we hold it is paid at the price the seller agreed (the terms,
  // "Our liability"): a manager records it with what happened, and the order is owed from then on,
  // on the usual rules (the register's pass from the check, the payout hold). Not before the check:
  // a device with no IMEI read has no register answer, and nothing is paid without one.
  loseInCare: {
    from: ['checked', 'revised', 'returning'],
    to: 'accepted',
    by: ['manager'],
    email: 'lostInCare',
    fields: 'neededNote',
    remedy: true,
  },
  cancel: {
    from: ['placed'],
    to: 'cancelled',
    by: ['seller', 'staff', 'manager'],
    email: 'cancelled',
    fields: 'note',
  },
  expire: { from: ['placed'], to: 'expired', by: ['system'], email: 'expired' },
} as const satisfies Record<string, Move>

export type MoveName = keyof typeof MOVES
export const MOVE_NAMES = Object.keys(MOVES) as MoveName[]

/** Whether `move` is refused while a change of bank details holds the payout. */
export const waitsForPayoutHold = (move: MoveName) => 'waitsForPayoutHold' in MOVES[move]

/** Statuses no move leaves. */
export const FINAL_STATUSES: readonly OrderStatus[] = ORDER_STATUSES.filter(
  (status) => !MOVE_NAMES.some((name) => (MOVES[name].from as readonly OrderStatus[]).includes(status)),
)

/** Moves that reopen an order at rest: a late parcel taken in, a payment the bank sent back later. */
const REOPENING: readonly MoveName[] = ['receive', 'returnPayment']

/**
 * Statuses an order rests in, with nothing owed by either side: those no move leaves, and those only
 * a late parcel reopens (a price hold that ended, a cancelled order: `receive` takes the device in),
 * or a bank's late return of a payment (`paid`).
 */
export const SETTLED_STATUSES: readonly OrderStatus[] = ORDER_STATUSES.filter((status) =>
  MOVE_NAMES.every(
    (name) => REOPENING.includes(name) || !(MOVES[name].from as readonly OrderStatus[]).includes(status),
  ),
)

/** Statuses from which some run of moves still leads to `paid`: where the bank details may yet be used. */
export const PAYABLE_STATUSES: readonly OrderStatus[] = ORDER_STATUSES.filter(
  (status) => status !== 'paid' && leadsTo(status, 'paid'),
)

/**
 * Whether the seller may still change the bank details: only while the order may yet be paid, and
 * never while it is in a payment run, whose bank file already holds them, nor while it is held for
 * the stolen-device register (who is paid is part of what is looked into; released, they may).
 */
export const payoutChangeable = (status: string) =>
  status !== 'paying' && status !== 'quarantined' && (PAYABLE_STATUSES as readonly string[]).includes(status)

/** Whether `move` is made from a payment run's pages rather than from an order's. */
export const madeInRun = (move: MoveName) => 'inRun' in MOVES[move]

function leadsTo(start: OrderStatus, goal: OrderStatus): boolean {
  const seen = new Set<OrderStatus>([start])
  const queue: OrderStatus[] = [start]
  for (let status = queue.shift(); status; status = queue.shift()) {
    if (status === goal) return true
    for (const name of MOVE_NAMES) {
      const rule: Move = MOVES[name]
      if (rule.from.includes(status) && !rule.remedy && !seen.has(rule.to)) {
        seen.add(rule.to)
        queue.push(rule.to)
      }
    }
  }
  return false
}

export type MoveCheck =
  { ok: true; to: OrderStatus; email: OrderEmail | null } | { ok: false; reason: 'not-allowed' | 'wrong-status' }

/** Whether `actor` may make `move` on an order in `status`, and where it leads. */
export function allowedMove(status: string, move: MoveName, actor: Actor): MoveCheck {
  const rule: Move = MOVES[move]
  if (!rule.by.includes(actor)) return { ok: false, reason: 'not-allowed' }
  if (!rule.from.includes(status as OrderStatus)) return { ok: false, reason: 'wrong-status' }
  return { ok: true, to: rule.to, email: rule.email }
}

/** The moves `actor` could make now from an order's page, in the table's order: what it offers as buttons. */
export function movesFor(status: string, actor: Actor): MoveName[] {
  return MOVE_NAMES.filter((name) => !('inRun' in MOVES[name]) && allowedMove(status, name, actor).ok)
}

export function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value)
}

export type Timings = {
  /** Days a revised offer stays open. */
  revisedOfferDays: number
  /** Days before a revised offer's deadline that the reminder goes. */
  reminderDaysBefore: number
  /** Days a quarantined device is held before the order closes. */
  quarantineDays: number
  /** What an unanswered revised offer becomes at its deadline. */
  lapsedOffer: 'accept' | 'return'
}

const DAY_MS = 24 * 60 * 60 * 1000
export const addDays = (from: Date, days: number) => new Date(from.getTime() + days * DAY_MS)

export type TimedOrder = {
  status: string
  holdUntil: Date
  offerDeadline: Date | null
  offerRemindedAt: Date | null
  /** When the order entered its current status. */
  statusSince: Date
}

export type DueAction = { kind: 'move'; move: MoveName; reason: string } | { kind: 'remind' } | null

/**
 * What the clock does to an order at `now`: a price hold that ran out expires it, a revised offer
 * past its deadline is answered as the CMS says, one that is nearly due gets its reminder, and a
 * quarantine that has run its days closes. One action at a time; the caller repeats until null.
 */
export function dueAction(order: TimedOrder, now: Date, timings: Timings): DueAction {
  switch (order.status) {
    case 'placed':
      return order.holdUntil <= now ? { kind: 'move', move: 'expire', reason: 'price-hold-ended' } : null
    case 'revised': {
      if (!order.offerDeadline) return null
      if (order.offerDeadline <= now) {
        return {
          kind: 'move',
          move: timings.lapsedOffer === 'accept' ? 'accept' : 'decline',
          reason: 'offer-deadline-passed',
        }
      }
      const remindFrom = addDays(order.offerDeadline, -timings.reminderDaysBefore)
      return !order.offerRemindedAt && remindFrom <= now ? { kind: 'remind' } : null
    }
    case 'quarantined':
      return addDays(order.statusSince, timings.quarantineDays) <= now
        ? { kind: 'move', move: 'close', reason: 'quarantine-ended' }
        : null
    default:
      return null
  }
}
