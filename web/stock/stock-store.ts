/**
 * The stock ledger: bought devices taken in from paid orders (and devices a business collection
 * brought, added by web/collections/devices-store.ts), found by stock number, IMEI or order,
 * moved (shelved, listed, sold, sent to a refurbisher, recycled) by guarded updates each with its
 * event, and their erasures recorded, typed or read from a tool's report. A device leaves stock,
 * or is listed for sale, only when its latest erasure passed. docs/stock.md says what each means.
 */
import 'server-only'
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm'
import { STOCK_INTAKE_STATUSES } from '@rules/order-statuses'
import type { Db } from '@/db/connection'
import {
  collectionDevice,
  collectionRequest,
  deviceErasure,
  orderItem,
  sellerOrder,
  stockDevice,
  stockEvent,
  type DeviceErasureRow,
  type StockEventRow,
} from '@/db/schema'
import type { STOCK_ACTIONS, STOCK_STATES } from '@/db/schema/stock'
import { isUuid } from '@/lib/uuid'
import { normaliseReference } from '@/orders/record/references'
import { staffName, type Tx } from '@/orders/moves/move-store'
import { normaliseDeviceId } from '@/register/device-id'
import { newCertificateCode } from './certificate-code'
import { queueCertificateMail, type CertificateMailContext } from './certificate-mail'
import { deviceImei, deviceName } from './device-source'
import { readErasureReport, type ErasureReport, type ReportProblem } from './erasure-report'

export type StockState = (typeof STOCK_STATES)[number]
export type StockAction = (typeof STOCK_ACTIONS)[number]
type StaffActor = { actor: 'staff' | 'manager'; userId: string }

/** How a stock number is written: S- and six digits at least. */
export function formatStockNumber(number: number): string {
  return `S-${String(number).padStart(6, '0')}`
}

/** A typed stock number ("S-000042", "s42", "42") as its number; null when it is not one. */
export function parseStockNumber(typed: string): number | null {
  const match = /^\s*(?:s-?)?0*(\d{1,12})\s*$/i.exec(typed)
  if (!match) return null
  const number = Number(match[1])
  return Number.isSafeInteger(number) && number > 0 ? number : null
}

/**
 * How many orders one pass of the intake takes in, and how many passes a run makes: 2,500 orders a
 * minute works off a backlog (a first deploy on years of orders) without holding PGlite, which runs
 * in the server's own thread, for more than a moment at a time.
 */
const INTAKE_BATCH = 250
const intakeStatuses = sql.raw(STOCK_INTAKE_STATUSES.map((status) => `'${status}'`).join(', '))
const INTAKE_PASSES = 10

/**
 * Every paid order (or free recycling one, taken) whose devices are not in stock yet has them taken in: each a stock number, in
 * stock, not yet shelved, with its intake event; the order is marked taken in. A device declined by
 * its seller (and posted back) was never bought. The orders waiting are read by their own index
 * (`seller_order_stock_waiting_idx`), locked so two instances take different ones, and each batch
 * is one statement in one transaction; the device's unique order item makes a repeat add nothing.
 * Answers how many devices came in.
 */
export async function takeInPaidDevices(db: Db): Promise<number> {
  let total = 0
  for (let pass = 0; pass < INTAKE_PASSES; pass++) {
    // Both drivers answer with { rows }, as in timer-store.ts.
    const result = await db.execute(sql`
        with waiting as (
          select ${sellerOrder.id} as id from ${sellerOrder}
          where ${sellerOrder.status} in (${intakeStatuses}) and ${sellerOrder.stockTakenAt} is null
          order by ${sellerOrder.statusSince}, ${sellerOrder.id}
          limit ${INTAKE_BATCH}
          for update skip locked
        ), added as (
          insert into ${stockDevice} (order_item_id)
          select ${orderItem.id} from ${orderItem} join waiting on waiting.id = ${orderItem.orderId}
          where ${orderItem.offerAnswer} is distinct from 'decline'
          order by ${orderItem.orderId}, ${orderItem.position}
          on conflict do nothing
          returning id
        ), events as (
          insert into ${stockEvent} (device_id, action, actor, from_state, to_state)
          select id, 'intake', 'system', 'in-stock', 'in-stock' from added
          returning 1
        ), marked as (
          update ${sellerOrder} set stock_taken_at = now() where ${sellerOrder.id} in (select id from waiting)
          returning 1
        )
        select (select count(*) from marked)::int as orders, (select count(*) from events)::int as devices`)
    const [row] = (result as unknown as { rows: Array<{ orders: number; devices: number }> }).rows
    total += row?.devices ?? 0
    if ((row?.orders ?? 0) < INTAKE_BATCH) break
  }
  return total
}

export type StockDeviceView = {
  id: string
  /** As written: S-000042. */
  stockNumber: string
  /** As stored, for addresses. */
  number: number
  state: StockState
  location: string | null
  device: string
  imei: string | null
  /** What was paid for it; null for a device a business collection brought (nothing was paid). */
  pricePaidPence: number | null
  /** The order it was bought with; null when it came with a business collection instead. */
  orderReference: string | null
  /** The business collection it came with, when it did: its request's id and the organisation. */
  collectionId: string | null
  collectionOrganisation: string | null
  takenInAt: Date
  /** The latest erasure's result, or null when none is recorded. */
  erasure: 'passed' | 'failed' | null
}

const paidPrice = sql<
  number | null
>`coalesce(case when ${orderItem.offerAnswer} = 'accept' then ${orderItem.revisedPricePence} end, ${orderItem.pricePence})`
// Written out in full: in a query of one table drizzle leaves columns unqualified, and "id" would
// then be the erasure's own.
const latestErasure = sql<'passed' | 'failed' | null>`(select e.result from device_erasure e
  where e.device_id = "stock_device"."id" order by e.erased_at desc, e.created_at desc limit 1)`

function viewQuery(db: Db | Tx) {
  return db
    .select({
      id: stockDevice.id,
      number: stockDevice.stockNumber,
      state: stockDevice.state,
      location: stockDevice.location,
      device: deviceName,
      imei: deviceImei,
      pricePaidPence: paidPrice,
      orderReference: sellerOrder.reference,
      collectionId: collectionRequest.id,
      collectionOrganisation: collectionRequest.organisation,
      takenInAt: stockDevice.createdAt,
      erasure: latestErasure,
    })
    .from(stockDevice)
    .leftJoin(orderItem, eq(orderItem.id, stockDevice.orderItemId))
    .leftJoin(sellerOrder, eq(sellerOrder.id, orderItem.orderId))
    .leftJoin(collectionDevice, eq(collectionDevice.id, stockDevice.collectionDeviceId))
    .leftJoin(collectionRequest, eq(collectionRequest.id, collectionDevice.requestId))
}

type ViewRow = Awaited<ReturnType<ReturnType<typeof viewQuery>['execute']>>[number]
const toView = ({ number, state, ...row }: ViewRow): StockDeviceView => ({
  ...row,
  number,
  stockNumber: formatStockNumber(number),
  state: state as StockState,
})

/**
 * The devices a typed code finds: a stock number, an IMEI or serial (every device sold with it, as a
 * device can be bought twice), or an order reference (its devices). Stock number first.
 */
export async function findDevices(db: Db, typed: string): Promise<StockDeviceView[]> {
  const number = parseStockNumber(typed)
  if (number !== null) {
    const rows = await viewQuery(db).where(eq(stockDevice.stockNumber, number))
    if (rows.length) return rows.map(toView)
  }
  const deviceId = normaliseDeviceId(typed)
  if (deviceId) {
    const rows = await viewQuery(db)
      .where(or(eq(orderItem.imei, deviceId), eq(collectionDevice.imei, deviceId)))
      .orderBy(desc(stockDevice.stockNumber))
    if (rows.length) return rows.map(toView)
  }
  const reference = normaliseReference(typed)
  if (!reference) return []
  const rows = await viewQuery(db).where(eq(sellerOrder.reference, reference)).orderBy(stockDevice.stockNumber)
  return rows.map(toView)
}

/** One device with its history (newest first) and its erasures (newest first); null when unknown. */
export async function stockDeviceRecord(
  db: Db,
  id: string,
): Promise<{ device: StockDeviceView; events: StockEventRow[]; erasures: DeviceErasureRow[] } | null> {
  if (!isUuid(id)) return null
  const [row] = await viewQuery(db).where(eq(stockDevice.id, id))
  if (!row) return null
  const [events, erasures] = await Promise.all([
    db.select().from(stockEvent).where(eq(stockEvent.deviceId, id)).orderBy(desc(stockEvent.id)),
    db
      .select()
      .from(deviceErasure)
      .where(eq(deviceErasure.deviceId, id))
      .orderBy(desc(deviceErasure.erasedAt), desc(deviceErasure.recordedAt)),
  ])
  return { device: toView(row), events, erasures }
}

/** What each move needs, where it may start, and where it ends. */
const MOVES: Record<
  Exclude<StockAction, 'intake'>,
  { from: readonly StockState[]; to: StockState | 'same'; erased: boolean; needs: readonly MoveFact[] }
> = {
  locate: { from: ['in-stock', 'listed'], to: 'same', erased: false, needs: ['location'] },
  list: { from: ['in-stock'], to: 'listed', erased: true, needs: [] },
  unlist: { from: ['listed'], to: 'in-stock', erased: false, needs: [] },
  sell: { from: ['in-stock', 'listed'], to: 'sold', erased: true, needs: ['counterparty', 'pricePence'] },
  refurbish: { from: ['in-stock', 'listed'], to: 'refurbisher', erased: true, needs: ['counterparty'] },
  recycle: { from: ['in-stock', 'listed'], to: 'recycled', erased: true, needs: ['counterparty', 'wasteNote'] },
}

export type MoveFact = 'location' | 'counterparty' | 'pricePence' | 'wasteNote'
export type StockMove = {
  deviceId: string
  action: Exclude<StockAction, 'intake'>
  /** The state the member of staff saw: if the device has moved since, nothing changes. */
  expectedState: StockState
  by: StaffActor
  location?: string | null
  counterparty?: string | null
  pricePence?: number | null
  wasteNote?: string | null
  note?: string | null
}
export type MoveOutcome =
  | { kind: 'moved'; state: StockState }
  | { kind: 'refused'; code: 'unknown' | 'notErased' | 'notFrom'; state?: StockState }
  | { kind: 'stale'; state: StockState }
  | { kind: 'missing'; facts: MoveFact[] }

const present = (value: string | null | undefined) => (value ?? '').trim() || null

/**
 * Moves one device, guarded: only from the state staff saw, only along the moves above, and out of
 * stock (or onto the shelf for sale) only after a passed erasure. The move and its event are one
 * transaction; a double click finds the device moved and changes nothing.
 */
export async function moveDevice(db: Db, move: StockMove): Promise<MoveOutcome> {
  const rule = MOVES[move.action]
  const facts = {
    location: present(move.location),
    counterparty: present(move.counterparty),
    pricePence: Number.isSafeInteger(move.pricePence) && (move.pricePence ?? -1) >= 0 ? move.pricePence! : null,
    wasteNote: present(move.wasteNote),
  }
  const missing = rule.needs.filter((fact) => facts[fact] === null)
  if (missing.length) return { kind: 'missing', facts: missing }
  if (!isUuid(move.deviceId)) return { kind: 'refused', code: 'unknown' }
  return db.transaction(async (tx) => {
    const [device] = await tx
      .select({ state: stockDevice.state, location: stockDevice.location, erasure: latestErasure })
      .from(stockDevice)
      .where(eq(stockDevice.id, move.deviceId))
      .for('update', { of: stockDevice })
    if (!device) return { kind: 'refused', code: 'unknown' } as const
    const state = device.state as StockState
    if (state !== move.expectedState) return { kind: 'stale', state } as const
    if (!rule.from.includes(state)) return { kind: 'refused', code: 'notFrom', state } as const
    if (rule.erased && device.erasure !== 'passed') return { kind: 'refused', code: 'notErased', state } as const
    const to = rule.to === 'same' ? state : rule.to
    const location = move.action === 'locate' ? facts.location : device.location
    await tx
      .update(stockDevice)
      .set({ state: to, location, updatedAt: sql`now()` })
      .where(and(eq(stockDevice.id, move.deviceId), eq(stockDevice.state, state)))
    await tx.insert(stockEvent).values({
      deviceId: move.deviceId,
      action: move.action,
      actor: move.by.actor,
      actorUserId: move.by.userId,
      actorName: await staffName(tx, move.by.actor, move.by.userId),
      fromState: state,
      toState: to,
      location,
      counterparty: rule.needs.includes('counterparty') ? facts.counterparty : null,
      pricePence: rule.needs.includes('pricePence') || move.action === 'refurbish' ? facts.pricePence : null,
      wasteNote: rule.needs.includes('wasteNote') ? facts.wasteNote : null,
      note: present(move.note),
    })
    return { kind: 'moved', state: to } as const
  })
}

/** The facts of one erasure, as a tool's report or its screen gives them. */
export type ErasureFacts = Pick<
  ErasureReport,
  | 'reportId'
  | 'tool'
  | 'toolVersion'
  | 'operator'
  | 'erasedAt'
  | 'mediaType'
  | 'level'
  | 'technique'
  | 'verification'
  | 'result'
> & { sha256?: string | null }

export type ErasureOutcome =
  | { kind: 'recorded'; deviceId: string; result: 'passed' | 'failed' }
  | { kind: 'already'; deviceId: string }
  | { kind: 'refused'; code: 'unknown' | 'gone' | 'noDevice' | 'severalDevices' }
  | { kind: 'unreadable'; problem: ReportProblem }

/**
 * Records an erasure of a device still in stock (a device gone has no erasure to add). A report is
 * recorded once (the tool and its report id): sending it again says so and adds nothing.
 */
export async function recordErasure(
  db: Db,
  input: {
    deviceId: string
    source: 'manual' | 'report'
    facts: ErasureFacts
    by: StaffActor
    /** The seller's certificate e-mail's words, for a passed erasure (null: none is sent, as in a restore). */
    mail: CertificateMailContext | null
  },
): Promise<ErasureOutcome> {
  if (!isUuid(input.deviceId)) return { kind: 'refused', code: 'unknown' }
  return db.transaction(async (tx) => {
    const [device] = await tx
      .select({ state: stockDevice.state })
      .from(stockDevice)
      .where(eq(stockDevice.id, input.deviceId))
      .for('update')
    if (!device) return { kind: 'refused', code: 'unknown' } as const
    if (device.state !== 'in-stock' && device.state !== 'listed') return { kind: 'refused', code: 'gone' } as const
    const { facts } = input
    const certificateCode = newCertificateCode()
    const [row] = await tx
      .insert(deviceErasure)
      .values({
        deviceId: input.deviceId,
        source: input.source,
        reportId: facts.reportId,
        tool: facts.tool,
        toolVersion: facts.toolVersion,
        operator: facts.operator,
        erasedAt: facts.erasedAt,
        mediaType: facts.mediaType,
        level: facts.level,
        technique: facts.technique,
        verification: facts.verification,
        result: facts.result,
        reportSha256: facts.sha256 ?? null,
        recordedBy: input.by.userId,
        recordedByName: await staffName(tx, input.by.actor, input.by.userId),
        certificateCode,
      })
      // The same report again is "already"; a certificate number drawn twice (1 in 2^48) is an error.
      .onConflictDoNothing({ target: [deviceErasure.tool, deviceErasure.reportId] })
      .returning({ id: deviceErasure.id })
    if (!row) {
      const [earlier] = await tx
        .select({ deviceId: deviceErasure.deviceId })
        .from(deviceErasure)
        .where(and(eq(deviceErasure.tool, facts.tool), eq(deviceErasure.reportId, facts.reportId)))
      return { kind: 'already', deviceId: earlier?.deviceId ?? input.deviceId } as const
    }
    if (facts.result === 'passed' && input.mail) {
      await queueCertificateMail(tx, { deviceId: input.deviceId, code: certificateCode }, input.mail)
    }
    return { kind: 'recorded', deviceId: input.deviceId, result: facts.result } as const
  })
}

/**
 * An erasure tool's report, read and recorded against the device in stock with its IMEI or serial:
 * refused when it does not read, when no device in stock has that IMEI, or when several do.
 */
export async function importErasureReport(
  db: Db,
  raw: string,
  by: StaffActor,
  mail: CertificateMailContext | null,
): Promise<ErasureOutcome> {
  const read = readErasureReport(raw)
  if (!read.ok) return { kind: 'unreadable', problem: read.problem }
  const { report } = read
  const matches = await db
    .select({ id: stockDevice.id })
    .from(stockDevice)
    .leftJoin(orderItem, eq(orderItem.id, stockDevice.orderItemId))
    .leftJoin(collectionDevice, eq(collectionDevice.id, stockDevice.collectionDeviceId))
    .where(and(eq(deviceImei, report.deviceId), inArray(stockDevice.state, ['in-stock', 'listed'])))
    .limit(2)
  if (!matches.length) return { kind: 'refused', code: 'noDevice' }
  if (matches.length > 1) return { kind: 'refused', code: 'severalDevices' }
  return recordErasure(db, {
    deviceId: matches[0]!.id,
    source: 'report',
    facts: { ...report, sha256: report.sha256 },
    by,
    mail,
  })
}

/** A page of the list: the devices in one state, newest taken in first, and where the next page starts. */
export const STOCK_PAGE = 50

/**
 * The devices in one state, newest first, `STOCK_PAGE` at a time from before stock number
 * `before`: read by the state's index in order, so a page costs the same at any depth.
 */
export async function listDevices(
  db: Db,
  { state, before }: { state: StockState; before?: number | null },
): Promise<{ devices: StockDeviceView[]; next: number | null }> {
  const rows = await viewQuery(db)
    .where(and(eq(stockDevice.state, state), before ? sql`${stockDevice.stockNumber} < ${before}` : undefined))
    .orderBy(desc(stockDevice.stockNumber))
    .limit(STOCK_PAGE + 1)
  const devices = rows.slice(0, STOCK_PAGE).map(toView)
  const last = rows.length > STOCK_PAGE ? rows[STOCK_PAGE - 1] : undefined
  return { devices, next: last ? last.number : null }
}

/** A device's id by its stock number, for its page's address. */
export async function deviceIdByNumber(db: Db, number: number): Promise<string | null> {
  const [row] = await db.select({ id: stockDevice.id }).from(stockDevice).where(eq(stockDevice.stockNumber, number))
  return row?.id ?? null
}

/** A device's stock number by its id, for the address of its page. */
export async function stockNumberOf(db: Db, id: string): Promise<number | null> {
  if (!isUuid(id)) return null
  const [row] = await db.select({ number: stockDevice.stockNumber }).from(stockDevice).where(eq(stockDevice.id, id))
  return row?.number ?? null
}
