/**
 * Goods-in's store: a scan (our reference, or the tracking number of the carrier's label) takes an order in through the guarded `receive` move (its event and
 * e-mail in the same transaction as the scan's own row), says when and by whom on a repeat, and
 * queues a code that matches no order as an unmatched parcel; the scans of a session, with counts.
 */
import 'server-only'
import { and, asc, count, desc, eq } from 'drizzle-orm'
import type { PricedModel } from '@/content/types'
import type { Db } from '@/db/connection'
import {
  goodsInScan,
  goodsInSession,
  orderEvent,
  orderItem,
  orderParcel,
  sellerOrder,
  unmatchedParcel,
  unmatchedParcelEvent,
} from '@/db/schema'
import type { MailMessage } from '@/mail/send'
import { isUuid } from '@/lib/uuid'
import { isTrackingNumber, normaliseTrackingNumber } from '@/carrier/tracking-number'
import { allowedMove } from '@/orders/record/lifecycle'
import { normaliseReference } from '@/orders/record/references'
import type { OrderRecord } from '@/orders/record/store'
import { receiveParcelInTx } from '@/orders/moves/late-parcels'
import { staffName, type Tx } from '@/orders/moves/move-store'
import { codeKey, type GoodsInStaff, type ScanResult } from './goods-in-rules'

export type ReceiveMails = (order: OrderRecord) => Array<MailMessage & { kind: string }>

/**
 * What a receive needs besides the order: the e-mail it sends, and today's published prices, which
 * value a parcel that came after its price hold ended (late-parcels.ts), as the order page's receive does.
 */
export type Receiving = { emails?: ReceiveMails; models: readonly PricedModel[] }

export type ScanView = {
  id: number
  code: string
  result: ScanResult
  at: Date
  reference: string | null
  receivedAt: Date | null
  receivedBy: string | null
}

export type ScanRequest = {
  sessionId: string
  /** The form's own key: posted twice, it is one scan. */
  scanKey: string
  code: string
  staff: GoodsInStaff
  /** Why, in the order's history: the content's "scanned at goods-in". */
  reason: string
  receiving: Receiving
}

/** A new scanning session for this member of staff. */
export async function startSession(db: Db, staffId: string): Promise<string> {
  const [row] = await db.insert(goodsInSession).values({ staffUserId: staffId }).returning({ id: goodsInSession.id })
  return row!.id
}

/** Whether the session is this member of staff's own: nobody scans into someone else's. */
export async function ownsSession(db: Db, sessionId: string, staffId: string): Promise<boolean> {
  if (!isUuid(sessionId)) return false
  const [row] = await db
    .select({ id: goodsInSession.id })
    .from(goodsInSession)
    .where(and(eq(goodsInSession.id, sessionId), eq(goodsInSession.staffUserId, staffId)))
  return Boolean(row)
}

/**
 * One code as the scanner typed it. The scan's row is written first, so a second post of the same
 * form waits for the first and gives its answer; then the order is received by the guarded move
 * (two staff scanning one parcel at once: one receives, the other is told who did), or the code
 * queues an unmatched parcel (one open parcel a code).
 */
export async function scanCode(db: Db, request: ScanRequest): Promise<ScanView> {
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(goodsInScan)
      .values({
        sessionId: request.sessionId,
        scanKey: request.scanKey,
        staffUserId: request.staff.id,
        code: request.code,
        result: 'unmatched',
      })
      .onConflictDoNothing()
      .returning({ id: goodsInScan.id, at: goodsInScan.at })
    if (!claimed) return (await scanByKey(tx, request.sessionId, request.scanKey))!
    const [order] = await orderScanned(tx, request.code)
    if (!order) {
      const parcelId = await queueParcel(tx, request.code, request.staff)
      await tx.update(goodsInScan).set({ parcelId }).where(eq(goodsInScan.id, claimed.id))
      return { ...blank(claimed, request.code), result: 'unmatched' }
    }
    const received = await receiveInTx(tx, order, request.staff, request.reason, request.receiving)
    const said = await receivedBy(tx, order.id)
    const result: ScanResult = received ? 'received' : 'already'
    await tx
      .update(goodsInScan)
      .set({ result, orderId: order.id, receivedAt: said?.at ?? null, receivedBy: said?.name ?? null })
      .where(eq(goodsInScan.id, claimed.id))
    return {
      ...blank(claimed, request.code),
      result,
      reference: order.reference,
      receivedAt: said?.at ?? null,
      receivedBy: said?.name ?? null,
    }
  })
}

/**
 * The order a scanned code names: our reference (our own label's barcode, the packing slip), or the
 * tracking number of a carrier's label made for it (the barcode on the outside of a tracked parcel),
 * a cancelled label's too, in case the seller posted with it after all.
 */
function orderScanned(tx: Tx, code: string) {
  const reference = normaliseReference(code)
  const fields = { id: sellerOrder.id, status: sellerOrder.status, reference: sellerOrder.reference }
  if (reference) return tx.select(fields).from(sellerOrder).where(eq(sellerOrder.reference, reference))
  const tracking = normaliseTrackingNumber(code)
  if (!isTrackingNumber(tracking)) return Promise.resolve([])
  return tx
    .select(fields)
    .from(orderParcel)
    .innerJoin(sellerOrder, eq(sellerOrder.id, orderParcel.orderId))
    .where(eq(orderParcel.trackingNumber, tracking))
}

const blank = (row: { id: number; at: Date }, code: string): ScanView => ({
  id: row.id,
  code,
  result: 'unmatched',
  at: row.at,
  reference: null,
  receivedAt: null,
  receivedBy: null,
})

/**
 * The guarded receive, if the order can still be received (a late parcel valued at today's prices,
 * with its event, as the order page's receive does); false when someone got there first.
 */
export async function receiveInTx(
  tx: Tx,
  order: { id: string; status: string },
  staff: GoodsInStaff,
  reason: string,
  receiving: Receiving,
): Promise<boolean> {
  if (!allowedMove(order.status, 'receive', staff.role).ok) return false
  const [held] = await tx
    .select({ holdUntil: sellerOrder.holdUntil })
    .from(sellerOrder)
    .where(eq(sellerOrder.id, order.id))
  const items = await tx.select().from(orderItem).where(eq(orderItem.orderId, order.id))
  const moved = await receiveParcelInTx(
    tx,
    {
      orderId: order.id,
      move: 'receive',
      actor: staff.role,
      actorUserId: staff.id,
      expectedStatus: order.status,
      reason,
      ...(receiving.emails ? { emails: receiving.emails } : {}),
    },
    { holdUntil: held!.holdUntil, items },
    receiving.models,
  )
  return moved.ok
}

/** When the order was last taken in, and the name of who did it (null: by no one we know). */
async function receivedBy(tx: Tx, orderId: string) {
  const [row] = await tx
    .select({ at: orderEvent.at, name: orderEvent.actorName })
    .from(orderEvent)
    .where(and(eq(orderEvent.orderId, orderId), eq(orderEvent.action, 'receive')))
    .orderBy(desc(orderEvent.id))
    .limit(1)
  return row ?? null
}

/** The open parcel for this code, queued now (with its event) unless one waits already. */
async function queueParcel(tx: Tx, code: string, staff: GoodsInStaff): Promise<string> {
  const name = await staffName(tx, staff.role, staff.id)
  const key = codeKey(code)
  const [queued] = await tx
    .insert(unmatchedParcel)
    .values({ code, codeKey: key, createdBy: staff.id, createdByName: name })
    .onConflictDoNothing()
    .returning({ id: unmatchedParcel.id })
  if (queued) {
    await tx
      .insert(unmatchedParcelEvent)
      .values({ parcelId: queued.id, action: 'queued', actorUserId: staff.id, actorName: name })
    return queued.id
  }
  const [open] = await tx
    .select({ id: unmatchedParcel.id })
    .from(unmatchedParcel)
    .where(and(eq(unmatchedParcel.codeKey, key), eq(unmatchedParcel.state, 'open')))
  return open!.id
}

const VIEW = {
  id: goodsInScan.id,
  code: goodsInScan.code,
  result: goodsInScan.result,
  at: goodsInScan.at,
  reference: sellerOrder.reference,
  receivedAt: goodsInScan.receivedAt,
  receivedBy: goodsInScan.receivedBy,
}

async function scanByKey(tx: Tx, sessionId: string, scanKey: string): Promise<ScanView | null> {
  const [row] = await tx
    .select(VIEW)
    .from(goodsInScan)
    .leftJoin(sellerOrder, eq(sellerOrder.id, goodsInScan.orderId))
    .where(and(eq(goodsInScan.sessionId, sessionId), eq(goodsInScan.scanKey, scanKey)))
  return row ? { ...row, result: row.result as ScanResult } : null
}

export type SessionCounts = Record<ScanResult, number>

/** A session's scans, newest first (the newest `limit` of them when given), and how many of each result. */
export async function sessionScans(
  db: Db,
  sessionId: string,
  limit?: number,
): Promise<{ scans: ScanView[]; counts: SessionCounts; last: ScanView | null }> {
  const counts: SessionCounts = { received: 0, already: 0, unmatched: 0 }
  if (!isUuid(sessionId)) return { scans: [], counts, last: null }
  const newestFirst = db
    .select(VIEW)
    .from(goodsInScan)
    .leftJoin(sellerOrder, eq(sellerOrder.id, goodsInScan.orderId))
    .where(eq(goodsInScan.sessionId, sessionId))
    .orderBy(desc(goodsInScan.id))
  const [rows, tallies] = await Promise.all([
    limit === undefined ? newestFirst : newestFirst.limit(limit),
    db
      .select({ result: goodsInScan.result, n: count() })
      .from(goodsInScan)
      .where(eq(goodsInScan.sessionId, sessionId))
      .groupBy(goodsInScan.result)
      .orderBy(asc(goodsInScan.result)),
  ])
  for (const tally of tallies) counts[tally.result as ScanResult] = tally.n
  const scans = rows.map((row) => ({ ...row, result: row.result as ScanResult }))
  return { scans, counts, last: scans[0] ?? null }
}
