import { sql } from 'drizzle-orm'
import { addLine, BASKET_TTL_DAYS, createBasket, findBasket, setQuantity, type NewBasketLine } from '@/basket/store'
import type { Db } from '@/db/connection'
import { withFileDatabase } from '../../support/test-database'

// The route's own function (readBasket) on this file's database, with a price list of one model.
let db: Db
jest.mock('@/db/connection', () => ({
  ...jest.requireActual<object>('@/db/connection'),
  getDb: async () => db,
}))
jest.mock('@/content/loaders', () => ({
  getPriceList: async () => [],
  getConditionGrades: async () => [],
  getPricingRules: async () => ({ basketLimit: 10, questions: [] }),
}))

withFileDatabase((opened) => (db = opened))

const HOUR_MS = 60 * 60 * 1000
const iphone: NewBasketLine = {
  modelId: 'model-iphone-13',
  variantKey: '128gb',
  gradeKey: 'good',
  answers: {},
  pricePence: 21_500,
}

/**
 * Every row of the basket tables with its row version (xmin): an update, even one that changes
 * nothing, a delete or an insert all show here.
 */
async function basketRows(): Promise<unknown[]> {
  const { rows } = (await db.execute(sql`
    select 'basket' as tbl, id::text, xmin::text as version from basket
    union all select 'line', id::text, xmin::text from basket_line
    order by 1, 2`)) as { rows: unknown[] }
  return rows
}

/** A basket whose last use and whose line at zero are both old enough for a clean-up to act on. */
async function staleBasket() {
  const { id, token } = await createBasket(db)
  const added = await addLine(db, id, iphone, { limit: 10 })
  if (added.status !== 'added') throw new Error(added.status)
  await addLine(db, id, { ...iphone, gradeKey: 'fair' }, { limit: 10 })
  await setQuantity(db, id, added.lineId, 0, { limit: 10 })
  await db.execute(sql`update basket_line set updated_at = now() - interval '2 hours' where id = ${added.lineId}`)
  await db.execute(sql`update basket set last_used_at = now() - interval '2 hours' where id = ${id}`)
  return { id, token }
}

describe('reading a basket', () => {
  it('writes no row (findBasket), however long since its last use or its line went to zero', async () => {
    const { id, token } = await staleBasket()
    const before = await basketRows()
    const found = await findBasket(db, token, new Date(Date.now() + HOUR_MS))
    expect(found?.id).toBe(id)
    // The line at zero past the undo window is not shown, but it is the job's to delete.
    expect(found?.lines.map((line) => line.gradeKey)).toEqual(['fair'])
    expect(await basketRows()).toEqual(before)
  })

  it('writes no row through GET /api/basket’s own function (readBasket), even with a basket to purge', async () => {
    const { token } = await staleBasket()
    const expired = await createBasket(db)
    await db.execute(
      sql`update basket set last_used_at = now() - make_interval(days => ${BASKET_TTL_DAYS + 1}) where id = ${expired.id}`,
    )
    const before = await basketRows()
    const { readBasket } = await import('@/basket/service')
    await readBasket(token)
    await readBasket(expired.token)
    // A purge started by the read would run after it answers: give it time to land.
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(await basketRows()).toEqual(before)
  })
})
