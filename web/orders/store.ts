import 'server-only'
import { and, asc, eq, gt, isNotNull, lte, or, sql, type SQL } from 'drizzle-orm'
import { queueEmails, type QueuedEmail } from '@/mail/queue'
import type { MailMessage } from '@/mail/send'
import type { Db } from '@/db/connection'
import { allowedMove, type Actor, type MoveName, type OrderStatus } from './lifecycle'
import { isUuid } from './order-values'
import { newReference } from './references'
import { basket, basketLine, orderEvent, orderItem, sellerOrder, user, type OrderItemRow } from '@/db/schema'

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
  /** Seals the bank details for this order's reference (the reference is only known here). */
  sealPayout: (reference: string) => string
  payoutLast4: string
  marketingConsent: boolean
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
}

export type PlaceResult =
  | { kind: 'placed'; id: string; reference: string }
  | { kind: 'replayed'; id: string; reference: string }
  | { kind: 'key-reused' }
  /** The basket is no longer what the seller confirmed: placed from another tab, or changed. */
  | { kind: 'basket-changed' }

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
      payoutMethod: 'bank',
      payoutSealed: order.sealPayout(reference),
      payoutLast4: order.payoutLast4,
      marketingConsent: order.marketingConsent,
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
  await tx.insert(orderEvent).values({
    orderId: created.id,
    actor: 'seller',
    actorUserId: order.userId,
    action: 'place',
    fromStatus: 'placed',
    toStatus: 'placed',
  })
  await queueEmails(tx, orderEmails(created.id, order.emails(created)))
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
const orderEmails = (orderId: string, emails: Array<MailMessage & { kind: string }>): QueuedEmail[] =>
  emails.map((email) => ({ ...email, orderId }))

export type OrderRecord = typeof sellerOrder.$inferSelect & {
  items: OrderItemRow[]
  events: Array<typeof orderEvent.$inferSelect>
}

/** An order with its devices and history, or null. */
export async function getOrder(db: Db, where: { id: string } | { reference: string }): Promise<OrderRecord | null> {
  const condition = 'id' in where ? eq(sellerOrder.id, where.id) : eq(sellerOrder.reference, where.reference)
  if ('id' in where && !isUuid(where.id)) return null
  const [order] = await db.select().from(sellerOrder).where(condition)
  if (!order) return null
  const [items, events] = await Promise.all([
    db.select().from(orderItem).where(eq(orderItem.orderId, order.id)).orderBy(asc(orderItem.position)),
    db.select().from(orderEvent).where(eq(orderEvent.orderId, order.id)).orderBy(asc(orderEvent.id)),
  ])
  return { ...order, items, events }
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

export type MoveRequest = {
  orderId: string
  move: MoveName
  actor: Actor
  actorUserId?: string | null
  /** The status the actor saw: if the order has moved on since, nothing changes. */
  expectedStatus: string
  reason?: string | null
  /** Columns the move sets on the order, such as a revised offer's deadline. */
  set?: Partial<Pick<typeof sellerOrder.$inferInsert, 'offerDeadline' | 'returnTracking' | 'totalPence'>>
  /** Per-device changes the move records, such as the check's findings or a revised price. */
  items?: Array<{ id: string; set: Partial<OrderItemRow> }>
  /** The e-mails the move sends, from the order as it is after the move. */
  emails?: (order: OrderRecord) => Array<MailMessage & { kind: string }>
}

export type MoveResult =
  | { ok: true; from: OrderStatus; to: OrderStatus }
  | { ok: false; reason: 'not-found' | 'not-allowed' }
  | { ok: false; reason: 'moved' | 'wrong-status'; status: string }

/**
 * The only way an order's status changes: the table allows the move, and a conditional update
 * applies it only if the order is still where the actor saw it (two staff clicking at once: one
 * wins, the other is told where it went), with its event and e-mails in the same transaction.
 */
export async function moveOrder(db: Db, request: MoveRequest): Promise<MoveResult> {
  const check = allowedMove(request.expectedStatus, request.move, request.actor)
  if (!check.ok && check.reason === 'not-allowed') return { ok: false, reason: 'not-allowed' }
  if (!isUuid(request.orderId)) return { ok: false, reason: 'not-found' }
  return db.transaction(async (tx): Promise<MoveResult> => {
    const [moved] = check.ok
      ? await tx
          .update(sellerOrder)
          .set({ ...request.set, status: check.to, updatedAt: new Date() })
          .where(and(eq(sellerOrder.id, request.orderId), eq(sellerOrder.status, request.expectedStatus)))
          .returning({ id: sellerOrder.id })
      : []
    if (!moved) {
      const [current] = await tx
        .select({ status: sellerOrder.status })
        .from(sellerOrder)
        .where(eq(sellerOrder.id, request.orderId))
      if (!current) return { ok: false, reason: 'not-found' }
      // Moved on since the actor looked, or never where this move starts.
      return current.status === request.expectedStatus
        ? { ok: false, reason: 'wrong-status', status: current.status }
        : { ok: false, reason: 'moved', status: current.status }
    }
    const to = (check as { to: OrderStatus }).to
    for (const item of request.items ?? []) {
      await tx
        .update(orderItem)
        .set(item.set)
        .where(and(eq(orderItem.id, item.id), eq(orderItem.orderId, request.orderId)))
    }
    await tx.insert(orderEvent).values({
      orderId: request.orderId,
      actor: request.actor,
      actorUserId: request.actorUserId ?? null,
      actorName: await staffName(tx, request.actor, request.actorUserId),
      action: request.move,
      fromStatus: request.expectedStatus,
      toStatus: to,
      reason: request.reason ?? null,
    })
    if (request.emails) {
      const order = await readInTx(tx, request.orderId)
      if (order?.email) await queueEmails(tx, orderEmails(request.orderId, request.emails(order)))
    }
    return { ok: true, from: request.expectedStatus as OrderStatus, to }
  })
}

async function readInTx(tx: Tx, orderId: string): Promise<OrderRecord | null> {
  const [order] = await tx.select().from(sellerOrder).where(eq(sellerOrder.id, orderId))
  if (!order) return null
  const items = await tx.select().from(orderItem).where(eq(orderItem.orderId, orderId)).orderBy(asc(orderItem.position))
  const events = await tx.select().from(orderEvent).where(eq(orderEvent.orderId, orderId)).orderBy(asc(orderEvent.id))
  return { ...order, items, events }
}

/**
 * Something that happened to an order without moving it: a reminder sent, bank details revealed
 * to a manager. `onlyIf` guards it like a move (the reminder is recorded once).
 */
export async function recordEvent(
  db: Db,
  event: {
    orderId: string
    actor: Actor
    actorUserId?: string | null
    action: string
    reason?: string | null
    remind?: boolean
    emails?: (order: OrderRecord) => Array<MailMessage & { kind: string }>
  },
): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ status: sellerOrder.status, remindedAt: sellerOrder.offerRemindedAt })
      .from(sellerOrder)
      .where(eq(sellerOrder.id, event.orderId))
      .for('update')
    if (!order) return null
    if (event.remind) {
      if (order.remindedAt || order.status !== 'revised') return null
      await tx.update(sellerOrder).set({ offerRemindedAt: new Date() }).where(eq(sellerOrder.id, event.orderId))
    }
    const [recorded] = await tx
      .insert(orderEvent)
      .values({
        orderId: event.orderId,
        actor: event.actor,
        actorUserId: event.actorUserId ?? null,
        actorName: await staffName(tx, event.actor, event.actorUserId),
        action: event.action,
        fromStatus: order.status,
        toStatus: order.status,
        reason: event.reason ?? null,
      })
      .returning({ id: orderEvent.id })
    if (event.emails) {
      const full = await readInTx(tx, event.orderId)
      if (full?.email) await queueEmails(tx, orderEmails(event.orderId, event.emails(full)))
    }
    return recorded!.id
  })
}

/** The name a staff member goes by now, kept on the event; never a seller's. */
async function staffName(tx: Tx, actor: Actor, userId: string | null | undefined): Promise<string | null> {
  if ((actor !== 'staff' && actor !== 'manager') || !userId) return null
  const [row] = await tx.select({ name: user.name }).from(user).where(eq(user.id, userId))
  return row?.name ?? null
}

export type OrderListRow = {
  id: string
  reference: string
  status: string
  name: string | null
  postcode: string | null
  totalPence: number
  placedAt: Date
  items: number
}

/** Orders for staff, oldest first: by status, and by reference, e-mail address or postcode. */
export async function listOrders(
  db: Db,
  filter: { status?: string | null; search?: { reference?: string; email?: string; postcode?: string } | null },
  limit = 200,
): Promise<OrderListRow[]> {
  const conditions: Array<SQL | undefined> = []
  if (filter.status) conditions.push(eq(sellerOrder.status, filter.status))
  const search = filter.search
  if (search) {
    conditions.push(
      or(
        search.reference ? eq(sellerOrder.reference, search.reference) : undefined,
        search.email ? eq(sql`lower(${sellerOrder.email})`, search.email.toLowerCase()) : undefined,
        search.postcode ? eq(sellerOrder.postcode, search.postcode) : undefined,
        sql`false`,
      ),
    )
  }
  return db
    .select({
      id: sellerOrder.id,
      reference: sellerOrder.reference,
      status: sellerOrder.status,
      name: sellerOrder.name,
      postcode: sellerOrder.postcode,
      totalPence: sellerOrder.totalPence,
      placedAt: sellerOrder.placedAt,
      items: sql<number>`(select count(*)::integer from ${orderItem} where ${orderItem.orderId} = ${sellerOrder.id})`,
    })
    .from(sellerOrder)
    .where(and(...conditions))
    .orderBy(asc(sellerOrder.placedAt), asc(sellerOrder.reference))
    .limit(limit)
}

/** Orders the clock may have something to do to at `now`: the timer job reads these. */
export async function ordersWithTimers(db: Db, now: Date): Promise<string[]> {
  const rows = await db
    .select({ id: sellerOrder.id })
    .from(sellerOrder)
    .where(
      or(
        and(eq(sellerOrder.status, 'placed'), lte(sellerOrder.holdUntil, now)),
        eq(sellerOrder.status, 'revised'),
        eq(sellerOrder.status, 'quarantined'),
      ),
    )
    .limit(500)
  return rows.map((row) => row.id)
}
