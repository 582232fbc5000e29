import { eq } from 'drizzle-orm'
import {
  addLine,
  BASKET_TTL_DAYS,
  changeQuantity,
  createBasket,
  findBasket,
  hashToken,
  isWellFormedToken,
  markBasketsUsed,
  MARK_USED_EVERY_MS,
  newBasketToken,
  purgeExpiredBaskets,
  purgeUndoneLines,
  setQuantity,
  type NewBasketLine,
} from '@/basket/store'
import type { Db } from '@/db/connection'
import { basket, basketLine } from '@/db/schema'
import { withFileDatabase } from '../../support/test-database'

const DAY_MS = 24 * 60 * 60 * 1000
const HOUR_MS = 60 * 60 * 1000
const limit = 10

let db: Db
withFileDatabase((opened) => (db = opened))

const iphone: NewBasketLine = {
  modelId: 'model-iphone-13',
  variantKey: '128gb',
  gradeKey: 'good',
  answers: { powers_on: 'yes', screen: 'light-scratches' },
  pricePence: 21_500,
}

function later(ms: number): Date {
  return new Date(Date.now() + ms)
}

async function quantityOf(lineId: string): Promise<number | undefined> {
  const [row] = await db.select({ quantity: basketLine.quantity }).from(basketLine).where(eq(basketLine.id, lineId))
  return row?.quantity
}

async function basketWithLine(quantity = 1, line: NewBasketLine = iphone) {
  const created = await createBasket(db)
  const added = await addLine(db, created.id, line, { limit: 1_000 })
  if (added.status !== 'added') throw new Error(`could not add a line: ${added.status}`)
  if (quantity !== 1) await setQuantity(db, created.id, added.lineId, quantity, { limit: 1_000 })
  return { ...created, lineId: added.lineId }
}

describe('basket tokens', () => {
  it('makes a fresh 43-character base64url token each time, which the checker accepts', () => {
    const tokens = new Set(Array.from({ length: 200 }, newBasketToken))
    expect(tokens.size).toBe(200)
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
      expect(isWellFormedToken(token)).toBe(true)
    }
  })

  it.each([
    ['empty', ''],
    ['too short', newBasketToken().slice(1)],
    ['too long', `${newBasketToken()}A`],
    ['padded', `${newBasketToken()}=`],
    ['standard base64 letters', `+/${newBasketToken().slice(2)}`],
    ['an impossible last letter', `${newBasketToken().slice(0, 42)}B`],
    ['SQL', `' OR 1=1 --${'x'.repeat(32)}`],
    ['not a string', 42],
    ['undefined', undefined],
  ])('rejects a token that is %s', (_label, value) => {
    expect(isWellFormedToken(value)).toBe(false)
  })

  it('hashes with SHA-256 into 64 hex digits, the same each time', () => {
    const token = newBasketToken()
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/)
    expect(hashToken(token)).toBe(hashToken(token))
    expect(hashToken(token)).not.toBe(hashToken(newBasketToken()))
  })
})

describe('createBasket and findBasket', () => {
  it('stores only the hash of the token, and finds the basket by the token', async () => {
    const { id, token } = await createBasket(db)
    const [row] = await db.select().from(basket).where(eq(basket.id, id))
    expect(row?.tokenHash).toBe(hashToken(token))
    expect(JSON.stringify(row)).not.toContain(token)
    await expect(findBasket(db, token)).resolves.toEqual({ id, lines: [] })
  })

  it('answers null for a malformed or unknown token', async () => {
    await expect(findBasket(db, 'not-a-token')).resolves.toBeNull()
    await expect(findBasket(db, newBasketToken())).resolves.toBeNull()
  })

  it(`answers null once a basket has gone unused for more than ${BASKET_TTL_DAYS} days`, async () => {
    const { token } = await createBasket(db)
    await expect(findBasket(db, token, later(BASKET_TTL_DAYS * DAY_MS + HOUR_MS))).resolves.toBeNull()
  })

  it('marks a basket used (the job, from the reads noted) at most once an hour', async () => {
    const { id } = await createBasket(db)
    const lastUsed = async () =>
      (await db.select({ at: basket.lastUsedAt }).from(basket).where(eq(basket.id, id)))[0]!.at.getTime()
    const created = await lastUsed()
    await markBasketsUsed(db, new Map([[id, new Date(created + MARK_USED_EVERY_MS / 2)]]))
    expect(await lastUsed()).toBe(created)
    const read = new Date(created + MARK_USED_EVERY_MS + 1000)
    await markBasketsUsed(db, new Map([[id, read]]))
    expect(await lastUsed()).toBe(read.getTime())
  })

  it('counts the 30 days from the last use, not from creation', async () => {
    const { id, token } = await createBasket(db)
    await expect(findBasket(db, token, later(20 * DAY_MS))).resolves.toMatchObject({ id })
    await markBasketsUsed(db, new Map([[id, later(20 * DAY_MS)]]))
    await expect(findBasket(db, token, later(45 * DAY_MS))).resolves.toMatchObject({ id })
    await expect(findBasket(db, token, later(80 * DAY_MS))).resolves.toBeNull()
  })

  it('lists lines in the order they were added', async () => {
    const { id, token } = await createBasket(db)
    for (const gradeKey of ['good', 'excellent', 'fair']) await addLine(db, id, { ...iphone, gradeKey }, { limit })
    const found = await findBasket(db, token)
    expect(found?.lines.map((line) => line.gradeKey)).toEqual(['good', 'excellent', 'fair'])
  })

  it('keeps a line at zero for an hour (for undo), then drops it', async () => {
    const { token, id, lineId } = await basketWithLine()
    await addLine(db, id, { ...iphone, gradeKey: 'fair' }, { limit })
    await setQuantity(db, id, lineId, 0, { limit })
    const withinHour = await findBasket(db, token, later(50 * 60 * 1000))
    expect(withinHour?.lines.find((line) => line.id === lineId)?.quantity).toBe(0)
    const afterHour = await findBasket(db, token, later(70 * 60 * 1000))
    expect(afterHour?.lines.map((line) => line.gradeKey)).toEqual(['fair'])
    await purgeUndoneLines(db, later(70 * 60 * 1000))
    expect(await quantityOf(lineId)).toBeUndefined()
  })
})

describe('addLine', () => {
  it('adds a line at quantity 1 with the price, answers and keys given', async () => {
    const { id, token } = await createBasket(db)
    const result = await addLine(db, id, iphone, { limit })
    expect(result).toEqual({ status: 'added', lineId: expect.any(String) })
    const [line] = (await findBasket(db, token))?.lines ?? []
    expect(line).toMatchObject({
      modelId: 'model-iphone-13',
      variantKey: '128gb',
      gradeKey: 'good',
      answers: iphone.answers,
      quantity: 1,
      addedPricePence: 21_500,
    })
  })

  it('adds one to the existing line for the same model, variant and grade, keeping its price', async () => {
    const { id, lineId } = await basketWithLine()
    const again = await addLine(db, id, { ...iphone, answers: { powers_on: 'yes' }, pricePence: 19_000 }, { limit })
    expect(again).toEqual({ status: 'added', lineId })
    const [line] = await db.select().from(basketLine).where(eq(basketLine.id, lineId))
    expect(line).toMatchObject({ quantity: 2, answers: { powers_on: 'yes' }, addedPricePence: 21_500 })
  })

  it('revives a line at zero as a fresh add, at the new price', async () => {
    const { id, lineId } = await basketWithLine()
    await setQuantity(db, id, lineId, 0, { limit })
    await expect(addLine(db, id, { ...iphone, pricePence: 19_000 }, { limit })).resolves.toEqual({
      status: 'added',
      lineId,
    })
    const [line] = await db.select().from(basketLine).where(eq(basketLine.id, lineId))
    expect(line).toMatchObject({ quantity: 1, addedPricePence: 19_000 })
  })

  it('makes a separate line for another grade or variant', async () => {
    const { id, token } = await basketWithLine()
    await addLine(db, id, { ...iphone, gradeKey: 'fair' }, { limit })
    await addLine(db, id, { ...iphone, variantKey: '256gb' }, { limit })
    expect((await findBasket(db, token))?.lines).toHaveLength(3)
  })

  it('refuses a device that would take the basket past the limit', async () => {
    const { id, token, lineId } = await basketWithLine(2)
    await addLine(db, id, { ...iphone, gradeKey: 'fair' }, { limit: 3 })
    await expect(addLine(db, id, iphone, { limit: 3 })).resolves.toEqual({ status: 'limit' })
    await expect(addLine(db, id, { ...iphone, modelId: 'model-pixel-8' }, { limit: 3 })).resolves.toEqual({
      status: 'limit',
    })
    expect(await quantityOf(lineId)).toBe(2)
    expect((await findBasket(db, token))?.lines).toHaveLength(2)
  })

  it('answers not-found for a basket that does not exist or an id that is not one', async () => {
    await expect(addLine(db, '00000000-0000-4000-8000-000000000000', iphone, { limit })).resolves.toEqual({
      status: 'not-found',
    })
    await expect(addLine(db, 'basket-1', iphone, { limit })).resolves.toEqual({ status: 'not-found' })
  })

  it.each([
    ['an empty model id', { ...iphone, modelId: '' }, /modelId/],
    ['a blank grade', { ...iphone, gradeKey: '  ' }, /gradeKey/],
    [
      'answers that are not strings',
      { ...iphone, answers: { screen: 3 } as unknown as Record<string, string> },
      /screen/,
    ],
    ['answers that are a list', { ...iphone, answers: [] as unknown as Record<string, string> }, /answers/],
    ['a price of zero', { ...iphone, pricePence: 0 }, /positive whole number of pence, got 0/],
    ['a price in pounds', { ...iphone, pricePence: 215.5 }, /got 215.5/],
  ])('throws on %s', async (_label, line, message) => {
    const { id } = await createBasket(db)
    await expect(addLine(db, id, line, { limit })).rejects.toThrow(message)
  })

  it('throws on a limit that is not a whole number of devices', async () => {
    const { id } = await createBasket(db)
    await expect(addLine(db, id, iphone, { limit: 0 })).rejects.toThrow(/limit .* got 0/)
  })
})

describe('changeQuantity', () => {
  it('adds and removes one', async () => {
    const { id, lineId } = await basketWithLine()
    await expect(changeQuantity(db, id, lineId, 1, { limit })).resolves.toBe('ok')
    expect(await quantityOf(lineId)).toBe(2)
    await expect(changeQuantity(db, id, lineId, -1, { limit })).resolves.toBe('ok')
    expect(await quantityOf(lineId)).toBe(1)
  })

  it('never goes below zero', async () => {
    const { id, lineId } = await basketWithLine()
    await changeQuantity(db, id, lineId, -1, { limit })
    await expect(changeQuantity(db, id, lineId, -1, { limit })).resolves.toBe('ok')
    expect(await quantityOf(lineId)).toBe(0)
  })

  it('refuses to take the basket past the limit, counting every line', async () => {
    const { id, lineId } = await basketWithLine(2)
    await addLine(db, id, { ...iphone, gradeKey: 'fair' }, { limit })
    await expect(changeQuantity(db, id, lineId, 1, { limit: 3 })).resolves.toBe('limit')
    expect(await quantityOf(lineId)).toBe(2)
  })

  it("answers not-found for another basket's line, and leaves that line alone", async () => {
    const theirs = await basketWithLine()
    const mine = await createBasket(db)
    await expect(changeQuantity(db, mine.id, theirs.lineId, 1, { limit })).resolves.toBe('not-found')
    await expect(changeQuantity(db, mine.id, theirs.lineId, -1, { limit })).resolves.toBe('not-found')
    await expect(changeQuantity(db, mine.id, 'line-1', 1, { limit })).resolves.toBe('not-found')
    expect(await quantityOf(theirs.lineId)).toBe(1)
  })

  it('throws on a change other than one up or down', async () => {
    const { id, lineId } = await basketWithLine()
    await expect(changeQuantity(db, id, lineId, 2 as 1, { limit })).rejects.toThrow(/\+1 or -1, not 2/)
  })

  it.each([
    [1, 100, 51],
    [1, 20, 20],
  ])(
    'from %i, 50 concurrent +1 calls with a limit of %i end at exactly %i',
    async (start, max, expected) => {
      const { id, lineId } = await basketWithLine(start)
      const results = await Promise.all(
        Array.from({ length: 50 }, () => changeQuantity(db, id, lineId, 1, { limit: max })),
      )
      expect(await quantityOf(lineId)).toBe(expected)
      expect(results.filter((result) => result === 'ok')).toHaveLength(expected - start)
      expect(results.filter((result) => result === 'limit')).toHaveLength(50 - (expected - start))
    },
    60_000,
  )
})

describe('setQuantity', () => {
  it('sets a quantity, and zero keeps the line for undo', async () => {
    const { id, lineId, token } = await basketWithLine()
    await expect(setQuantity(db, id, lineId, 4, { limit })).resolves.toBe('ok')
    expect(await quantityOf(lineId)).toBe(4)
    await expect(setQuantity(db, id, lineId, 0, { limit })).resolves.toBe('ok')
    expect((await findBasket(db, token))?.lines.map((line) => line.quantity)).toEqual([0])
  })

  it('refuses a quantity that takes the basket past the limit', async () => {
    const { id, lineId } = await basketWithLine(2)
    await addLine(db, id, { ...iphone, gradeKey: 'fair' }, { limit })
    await expect(setQuantity(db, id, lineId, 10, { limit })).resolves.toBe('limit')
    await expect(setQuantity(db, id, lineId, 9, { limit })).resolves.toBe('ok')
    expect(await quantityOf(lineId)).toBe(9)
  })

  it('lets a basket over a lowered limit come down', async () => {
    const { id, lineId } = await basketWithLine(8)
    await expect(setQuantity(db, id, lineId, 6, { limit: 5 })).resolves.toBe('ok')
    await expect(changeQuantity(db, id, lineId, -1, { limit: 5 })).resolves.toBe('ok')
    expect(await quantityOf(lineId)).toBe(5)
  })

  it("answers not-found for another basket's line", async () => {
    const theirs = await basketWithLine()
    const mine = await createBasket(db)
    await expect(setQuantity(db, mine.id, theirs.lineId, 0, { limit })).resolves.toBe('not-found')
    expect(await quantityOf(theirs.lineId)).toBe(1)
  })

  it.each([-1, 1.5, Number.NaN])('throws on a quantity of %d', async (quantity) => {
    const { id, lineId } = await basketWithLine()
    await expect(setQuantity(db, id, lineId, quantity, { limit })).rejects.toThrow(/whole number from 0/)
  })
})

describe('the database itself', () => {
  it('refuses a negative quantity or a price of zero even from code that skips the checks', async () => {
    const { id } = await createBasket(db)
    const row = { basketId: id, modelId: 'm', variantKey: 'v', gradeKey: 'g', answers: {} }
    await expect(db.insert(basketLine).values({ ...row, quantity: -1, addedPricePence: 100 })).rejects.toThrow()
    await expect(db.insert(basketLine).values({ ...row, quantity: 1, addedPricePence: 0 })).rejects.toThrow()
  })
})

describe('purgeExpiredBaskets', () => {
  it(`deletes baskets unused for more than ${BASKET_TTL_DAYS} days, with their lines`, async () => {
    // Earlier tests leave baskets marked used at moments of their own (one an hour and a second
    // after its creation): start from none, so the count is this test's alone.
    await db.delete(basket)
    const stale = await basketWithLine()
    const kept = await basketWithLine()
    await markBasketsUsed(db, new Map([[kept.id, later(20 * DAY_MS)]]))
    await expect(purgeExpiredBaskets(db, later(BASKET_TTL_DAYS * DAY_MS + HOUR_MS))).resolves.toBe(1)
    expect(await db.select().from(basket).where(eq(basket.id, stale.id))).toEqual([])
    expect(await quantityOf(stale.lineId)).toBeUndefined()
    expect(await findBasket(db, kept.token, later(21 * DAY_MS))).toMatchObject({ id: kept.id })
    await expect(purgeExpiredBaskets(db)).resolves.toBe(0)
  })
})
