import 'server-only'
import { and, asc, eq, gt, isNotNull, sql } from 'drizzle-orm'
import { queueEmails, type QueuedEmail } from '@/mail/queue'
import type { MailMessage } from '@/mail/send'
import type { Db } from '@/db/connection'
import { isUuid } from './order-values'
import { newReference } from './references'
import { photosOf, type PhotoInfo } from '@/orders/photos/photo-store'
import { basket, basketLine, orderEvent, orderItem, sellerOrder, type OrderItemRow } from '@/db/schema'
import { DEFAULT_PAYOUT_METHOD } from '@/payouts/methods'
import type { PayeeRecord } from '@/payouts/payee-questions'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

export type NewOrderItem = Pick<
  OrderItemRow,
  'modelId' | 'device' | 'variantKey' | 'gradeKey' | 'gradeName' | 'answers' | 'pricePence' | 'catalogueRevision'
>

export type NewOrder = {
  idempotencyKey: string
  /** A hash of everything the seller sent with the key: the same key with other details is refused. */
  requestHash: string
  userId: string | null
  contact: {
    name: string
    email: string
    phone: string
    addressLine1: string
    addressLine2: string
    town: string
    postcode: string
  }
  /**
   * Seals the bank details for this order's reference (the reference is only known here). Null,
   * with the two below, for a free recycling order: it has no payout details, and is never paid.
   */
  sealPayout: ((reference: string) => string) | null
  /** The details' keyed hash (payout-match.ts): staff see other orders paid to the same account. */
  payoutMatch: string | null
  payoutLast4: string | null
  /** Confirmation of Payee on the details (payouts/payee-check.ts); none for a method it does not cover. */
  payee?: PayeeRecord | null
  /** The payout method's id (payouts/methods.ts); the default method's when not given. */
  payoutMethod?: string
  marketingConsent: boolean
  /** A postage pack asked for at checkout: staff post one. */
  postagePack: boolean
  termsRevision: string
  declarations: string[]
  holdUntil: Date
  items: NewOrderItem[]
  /**
   * The basket the order came from, with the lines (and quantities) the seller confirmed: locked,
   * checked and emptied in the same transaction, so one basket makes one order.
   */
  basket: { id: string; lines: Array<{ id: string; quantity: number }> } | null
  /** The e-mails placing it sends, written to the outbox in the same transaction. */
  emails: (placed: { id: string; reference: string }) => Array<MailMessage & { kind: string }>
  /** What else placing it does in its transaction, after its e-mails (checkout asks for proof of identity). */
  afterPlace?: (tx: Tx, placed: { id: string; reference: string }) => Promise<void>
  /**
   * A staff offer the order comes from (web/orders/manual-offers/): `claim` runs first in the
   * transaction and may end it (the offer withdrawn or expired); `placed` runs once the order is
   * written (the offer marked accepted with it); the first event names who made the offer and why.
   */
  offer?: {
    claim: (tx: Tx) => Promise<'open' | 'closed'>
    placed: (tx: Tx, placed: { id: string }) => Promise<void>
    madeBy: { userId: string | null; name: string; reason: string }
  }
}

export type PlaceResult =
  | { kind: 'placed'; id: string; reference: string }
  | { kind: 'replayed'; id: string; reference: string }
  | { kind: 'key-reused' }
  /** The basket is no longer what the seller confirmed: placed from another tab, or changed. */
  | { kind: 'basket-changed' }
  /** The staff offer it came from can no longer be accepted (withdrawn, expired). */
  | { kind: 'closed' }

const REFERENCE_ATTEMPTS = 5

/**
 * Places an order in one transaction: the order with its details, each device with its price
 * snapshot, the first event, the e-mails, and the basket emptied. The checkout form's key makes
 * a double click, a retry or a second tab one order: the second sender waits for the first and
 * is answered with its order (or refused, if it sent other details under the same key).
 */
export async function placeOrder(db: Db, order: NewOrder): Promise<PlaceResult> {
  if (!order.items.length) throw new RangeError('An order needs at least one device.')
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction((tx) => insertOrder(tx, order, newReference()))
    } catch (error) {
      // A new reference that happens to exist already (one in a million million): draw again.
      if (attempt < REFERENCE_ATTEMPTS && violates(error, 'seller_order_reference_unique')) continue
      throw error
    }
  }
}

async function insertOrder(tx: Tx, order: NewOrder, reference: string): Promise<PlaceResult> {
  if (order.offer && (await order.offer.claim(tx)) === 'closed') return { kind: 'closed' }
  if (order.basket && !(await basketStillHolds(tx, order.basket))) {
    // The same key placed a moment ago (a double click) is answered with its order below.
    const [earlier] = await tx
      .select({ id: sellerOrder.id })
      .from(sellerOrder)
      .where(eq(sellerOrder.idempotencyKey, order.idempotencyKey))
    if (!earlier) return { kind: 'basket-changed' }
  }
  const totalPence = order.items.reduce((sum, item) => sum + item.pricePence, 0)
  const [created] = await tx
    .insert(sellerOrder)
    .values({
      reference,
      userId: order.userId,
      email: order.contact.email,
      status: 'placed',
      totalPence,
      name: order.contact.name,
      phone: order.contact.phone,
      addressLine1: order.contact.addressLine1,
      addressLine2: order.contact.addressLine2 || null,
      town: order.contact.town,
      postcode: order.contact.postcode,
      payoutMethod: order.payoutMethod ?? DEFAULT_PAYOUT_METHOD.id,
      payoutSealed: order.sealPayout?.(reference) ?? null,
      payoutLast4: order.payoutLast4,
      payoutMatch: order.payoutMatch,
      ...(order.payee ?? {}),
      marketingConsent: order.marketingConsent,
      postagePack: order.postagePack,
      termsRevision: order.termsRevision,
      declarations: order.declarations,
      holdUntil: order.holdUntil,
      idempotencyKey: order.idempotencyKey,
      requestHash: order.requestHash,
    })
    .onConflictDoNothing({ target: sellerOrder.idempotencyKey })
    .returning({ id: sellerOrder.id, reference: sellerOrder.reference })
  if (!created) {
    // The key was used: by this very request a moment ago (a retry) or with other details.
    const [earlier] = await tx
      .select({ id: sellerOrder.id, reference: sellerOrder.reference, requestHash: sellerOrder.requestHash })
      .from(sellerOrder)
      .where(eq(sellerOrder.idempotencyKey, order.idempotencyKey))
    if (!earlier || earlier.requestHash !== order.requestHash) return { kind: 'key-reused' }
    return { kind: 'replayed', id: earlier.id, reference: earlier.reference }
  }
  await tx
    .insert(orderItem)
    .values(order.items.map((item, index) => ({ ...item, orderId: created.id, position: index + 1 })))
  const madeBy = order.offer?.madeBy
  await tx.insert(orderEvent).values({
    orderId: created.id,
    actor: madeBy ? 'staff' : 'seller',
    actorUserId: madeBy ? madeBy.userId : order.userId,
    actorName: madeBy?.name ?? null,
    action: 'place',
    fromStatus: 'placed',
    toStatus: 'placed',
    reason: madeBy?.reason ?? null,
  })
  await order.offer?.placed(tx, created)
  await queueEmails(tx, orderEmails(created.id, order.emails(created)))
  await order.afterPlace?.(tx, created)
  if (order.basket) await tx.delete(basketLine).where(eq(basketLine.basketId, order.basket.id))
  return { kind: 'placed', ...created }
}

/**
 * Locks the basket's row, so a second checkout of it (another tab, with another key) waits for
 * this one, then finds the basket emptied; and checks it still holds exactly the confirmed lines.
 */
async function basketStillHolds(tx: Tx, confirmed: NonNullable<NewOrder['basket']>): Promise<boolean> {
  const [locked] = await tx.select({ id: basket.id }).from(basket).where(eq(basket.id, confirmed.id)).for('update')
  if (!locked) return false
  const lines = await tx
    .select({ id: basketLine.id, quantity: basketLine.quantity })
    .from(basketLine)
    .where(and(eq(basketLine.basketId, confirmed.id), gt(basketLine.quantity, 0)))
  const expected = new Map(confirmed.lines.filter((line) => line.quantity > 0).map((line) => [line.id, line.quantity]))
  return lines.length === expected.size && lines.every((line) => expected.get(line.id) === line.quantity)
}

/** The order placed with a checkout form's key, if any. */
export async function findOrderByKey(db: Db, idempotencyKey: string) {
  const [earlier] = await db
    .select({ id: sellerOrder.id, reference: sellerOrder.reference, requestHash: sellerOrder.requestHash })
    .from(sellerOrder)
    .where(eq(sellerOrder.idempotencyKey, idempotencyKey))
  return earlier ?? null
}

function violates(error: unknown, constraint: string): boolean {
  for (let cause: unknown = error; cause; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { constraint?: string }).constraint === constraint) return true
    if (String((cause as Error).message ?? '').includes(constraint)) return true
  }
  return false
}

/** An order's e-mails, each tied to the order (erasure and the data download find them by it). */
export const orderEmails = (orderId: string, emails: Array<MailMessage & { kind: string }>): QueuedEmail[] =>
  emails.map((email) => ({ ...email, orderId }))

export type OrderRecord = typeof sellerOrder.$inferSelect & {
  items: OrderItemRow[]
  events: Array<typeof orderEvent.$inferSelect>
  /** The photos taken of its devices at the check (their bytes are served on their own). */
  photos: PhotoInfo[]
}

/** An order with its devices and history, or null. */
export async function getOrder(db: Db, where: { id: string } | { reference: string }): Promise<OrderRecord | null> {
  const condition = 'id' in where ? eq(sellerOrder.id, where.id) : eq(sellerOrder.reference, where.reference)
  if ('id' in where && !isUuid(where.id)) return null
  const [order] = await db.select().from(sellerOrder).where(condition)
  if (!order) return null
  const [items, events, photos] = await Promise.all([
    db.select().from(orderItem).where(eq(orderItem.orderId, order.id)).orderBy(asc(orderItem.position)),
    db.select().from(orderEvent).where(eq(orderEvent.orderId, order.id)).orderBy(asc(orderEvent.id)),
    photosOf(db, order.id),
  ])
  return { ...order, items, events, photos }
}

/**
 * The order a reference and its e-mail address or postcode name together; null for any other
 * pair, an unknown reference, or an order whose details were erased: all answered alike.
 */
export async function findOrderByLookup(
  db: Db,
  reference: string,
  lookup: { email: string } | { postcode: string },
): Promise<string | null> {
  const second =
    'email' in lookup
      ? eq(sql`lower(${sellerOrder.email})`, lookup.email.toLowerCase())
      : and(eq(sellerOrder.postcode, lookup.postcode), isNotNull(sellerOrder.email))
  const [row] = await db
    .select({ id: sellerOrder.id })
    .from(sellerOrder)
    .where(and(eq(sellerOrder.reference, reference), second))
  return row?.id ?? null
}

/** How many orders are in `status`: the staff home's count of returns to send. */
export async function countOrders(db: Db, status: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::integer` })
    .from(sellerOrder)
    .where(eq(sellerOrder.status, status))
  return row?.n ?? 0
}
