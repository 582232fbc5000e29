import 'server-only'
import { createHash, randomBytes } from 'node:crypto'
import { and, asc, eq, gt, gte, lt, lte, or, sql } from 'drizzle-orm'
import type { Db } from '@/db/connection'
import { basket, basketLine, type BasketLineRow } from '@/db/schema'
import { assertLimit, assertNewLine, assertQuantity, isUuid, type NewBasketLine } from './input'

export type { NewBasketLine } from './input'

export const BASKET_TTL_DAYS = 30
// A line set to zero stays this long so the basket can offer "undo".
const UNDO_WINDOW_MS = 60 * 60 * 1000
const DAY_MS = 24 * 60 * 60 * 1000
/** How often a basket's reads move its last use on. */
export const MARK_USED_EVERY_MS = 60 * 60 * 1000
const TOKEN_BYTES = 32
// 32 bytes in unpadded base64url are 43 characters; the last carries 4 bits and 2 zero bits,
// so only these 16 letters can end a token that newBasketToken() made.
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{42}[AEIMQUYcgkosw048]$/

export type Basket = { id: string; lines: BasketLineRow[] }
export type BasketLimit = { limit: number }
export type AddLineResult = { status: 'added'; lineId: string } | { status: 'limit' } | { status: 'not-found' }
export type QuantityResult = 'ok' | 'limit' | 'not-found'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

export function newBasketToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url')
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

export function isWellFormedToken(value: unknown): value is string {
  return typeof value === 'string' && TOKEN_PATTERN.test(value)
}

export async function createBasket(db: Db): Promise<{ id: string; token: string }> {
  const token = newBasketToken()
  const [row] = await db
    .insert(basket)
    .values({ tokenHash: hashToken(token) })
    .returning({ id: basket.id })
  if (!row) throw new Error('Creating a basket returned no row.')
  return { id: row.id, token }
}

/**
 * The visitor's basket, or null when the token is malformed, unknown or unused for longer than
 * BASKET_TTL_DAYS; lines at zero past the undo window are left out. A read writes nothing: the
 * caller notes the use (noteBasketUse) and the basket's job marks it and clears out what is old.
 */
export async function findBasket(db: Db, token: string, now: Date = new Date()): Promise<Basket | null> {
  if (!isWellFormedToken(token)) return null
  const [found] = await db
    .select({ id: basket.id })
    .from(basket)
    .where(and(eq(basket.tokenHash, hashToken(token)), gte(basket.lastUsedAt, expiryCutoff(now))))
  if (!found) return null
  const lines = await db
    .select()
    .from(basketLine)
    .where(
      and(
        eq(basketLine.basketId, found.id),
        or(gt(basketLine.quantity, 0), gte(basketLine.updatedAt, undoCutoff(now))),
      ),
    )
    .orderBy(asc(basketLine.createdAt), asc(basketLine.id))
  return { id: found.id, lines }
}

/**
 * Moves each basket's last use on to when it was read, at most once in MARK_USED_EVERY_MS: thirty
 * days of life need no finer mark, and the baskets a busy minute read cost one pass of the job.
 */
export async function markBasketsUsed(db: Db, uses: ReadonlyMap<string, Date>): Promise<number> {
  let marked = 0
  for (const [id, at] of uses) {
    if (!isUuid(id)) continue
    const updated = await db
      .update(basket)
      .set({ lastUsedAt: at })
      .where(and(eq(basket.id, id), lte(basket.lastUsedAt, new Date(at.getTime() - MARK_USED_EVERY_MS))))
      .returning({ id: basket.id })
    marked += updated.length
  }
  return marked
}

/** Deletes the lines that have been at zero past the undo window (findBasket no longer shows them). */
export async function purgeUndoneLines(db: Db, now: Date = new Date()): Promise<number> {
  const deleted = await db
    .delete(basketLine)
    .where(and(eq(basketLine.quantity, 0), lt(basketLine.updatedAt, undoCutoff(now))))
    .returning({ id: basketLine.id })
  return deleted.length
}

/**
 * Adds one device. The same model, variant and grade again adds one to its line (reviving a line
 * at zero, which then takes the new price as a fresh add) and keeps the latest answers.
 */
export async function addLine(
  db: Db,
  basketId: string,
  line: NewBasketLine,
  { limit }: BasketLimit,
): Promise<AddLineResult> {
  assertNewLine(line)
  assertLimit(limit)
  if (!isUuid(basketId)) return { status: 'not-found' }
  return db.transaction(async (tx): Promise<AddLineResult> => {
    if (!(await lockBasket(tx, basketId))) return { status: 'not-found' }
    if ((await countDevices(tx, basketId)) + 1 > limit) return { status: 'limit' }
    const now = new Date()
    const [row] = await tx
      .insert(basketLine)
      .values({
        basketId,
        modelId: line.modelId,
        variantKey: line.variantKey,
        gradeKey: line.gradeKey,
        answers: line.answers,
        quantity: 1,
        addedPricePence: line.pricePence,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [basketLine.basketId, basketLine.modelId, basketLine.variantKey, basketLine.gradeKey],
        set: {
          quantity: sql`${basketLine.quantity} + 1`,
          answers: sql`excluded.answers`,
          addedPricePence: sql`case when ${basketLine.quantity} = 0 then excluded.added_price_pence else ${basketLine.addedPricePence} end`,
          updatedAt: now,
        },
      })
      .returning({ id: basketLine.id })
    if (!row) throw new Error(`Adding to basket ${basketId} returned no line.`)
    return { status: 'added', lineId: row.id }
  })
}

/** One more or one fewer of a line: never below zero, and the basket never above the limit. */
export async function changeQuantity(
  db: Db,
  basketId: string,
  lineId: string,
  delta: 1 | -1,
  { limit }: BasketLimit,
): Promise<QuantityResult> {
  if (delta !== 1 && delta !== -1) throw new RangeError(`A quantity changes by +1 or -1, not ${String(delta)}.`)
  assertLimit(limit)
  if (!isUuid(basketId) || !isUuid(lineId)) return 'not-found'
  return db.transaction(async (tx): Promise<QuantityResult> => {
    if (!(await lockBasket(tx, basketId))) return 'not-found'
    const current = await lineQuantity(tx, basketId, lineId)
    if (current === undefined) return 'not-found'
    if (delta > 0 && (await countDevices(tx, basketId)) + 1 > limit) return 'limit'
    await tx
      .update(basketLine)
      .set({ quantity: sql`${basketLine.quantity} + ${delta}`, updatedAt: new Date() })
      .where(and(lineOf(basketId, lineId), delta < 0 ? gt(basketLine.quantity, 0) : undefined))
    return 'ok'
  })
}

/** Sets a line's quantity (zero removes it, with undo); refused if the basket would pass the limit. */
export async function setQuantity(
  db: Db,
  basketId: string,
  lineId: string,
  quantity: number,
  { limit }: BasketLimit,
): Promise<QuantityResult> {
  assertQuantity(quantity)
  assertLimit(limit)
  if (!isUuid(basketId) || !isUuid(lineId)) return 'not-found'
  return db.transaction(async (tx): Promise<QuantityResult> => {
    if (!(await lockBasket(tx, basketId))) return 'not-found'
    const current = await lineQuantity(tx, basketId, lineId)
    if (current === undefined) return 'not-found'
    if (quantity === current) return 'ok'
    // Lowering is always allowed, even in a basket that is over a limit lowered since.
    if (quantity > current && (await countDevices(tx, basketId)) - current + quantity > limit) return 'limit'
    await tx.update(basketLine).set({ quantity, updatedAt: new Date() }).where(lineOf(basketId, lineId))
    return 'ok'
  })
}

/** Deletes baskets (and their lines) unused for longer than BASKET_TTL_DAYS; returns how many. */
export async function purgeExpiredBaskets(db: Db, now: Date = new Date()): Promise<number> {
  const deleted = await db
    .delete(basket)
    .where(lt(basket.lastUsedAt, expiryCutoff(now)))
    .returning({ id: basket.id })
  return deleted.length
}

function undoCutoff(now: Date): Date {
  return new Date(now.getTime() - UNDO_WINDOW_MS)
}

function expiryCutoff(now: Date): Date {
  return new Date(now.getTime() - BASKET_TTL_DAYS * DAY_MS)
}

/**
 * Every change to a basket first locks its row, so concurrent changes to one basket run one after
 * another and the device count read below cannot go stale before the write.
 */
async function lockBasket(tx: Tx, basketId: string): Promise<boolean> {
  const rows = await tx.select({ id: basket.id }).from(basket).where(eq(basket.id, basketId)).for('update')
  return rows.length > 0
}

async function countDevices(tx: Tx, basketId: string): Promise<number> {
  const [row] = await tx
    .select({ devices: sql<number>`coalesce(sum(${basketLine.quantity}), 0)::integer` })
    .from(basketLine)
    .where(eq(basketLine.basketId, basketId))
  return row?.devices ?? 0
}

// Scoped by basket as well as by id, so a line id from another visitor's basket is simply not found.
function lineOf(basketId: string, lineId: string) {
  return and(eq(basketLine.id, lineId), eq(basketLine.basketId, basketId))
}

async function lineQuantity(tx: Tx, basketId: string, lineId: string): Promise<number | undefined> {
  const [row] = await tx.select({ quantity: basketLine.quantity }).from(basketLine).where(lineOf(basketId, lineId))
  return row?.quantity
}
