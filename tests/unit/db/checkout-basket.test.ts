import { inArray } from 'drizzle-orm'
import { addLine, createBasket, findBasket } from '@/basket/store'
import type { Db } from '@/db/connection'
import { placeOrder, type NewOrder } from '@/orders/record/store'
import { sellerOrder } from '@/db/schema'
import { sampleOrder } from '../../support/order-fixtures'
import { withFileDatabase } from '../../support/test-database'

let db: Db
withFileDatabase((opened) => (db = opened))

const iphone = { modelId: 'model-iphone-13', variantKey: '128gb', gradeKey: 'good', answers: {}, pricePence: 16_000 }
const pixel = { modelId: 'model-pixel-7', variantKey: '128gb', gradeKey: 'good', answers: {}, pricePence: 11_000 }

/** A basket with one device, and the order a checkout form showing it would place. */
async function basketWithOrderForm() {
  const basket = await createBasket(db)
  await addLine(db, basket.id, iphone, { limit: 10 })
  const shown = await findBasket(db, basket.token)
  const form = (): NewOrder =>
    sampleOrder({ basket: { id: basket.id, lines: shown!.lines.map(({ id, quantity }) => ({ id, quantity })) } })
  return { basket, form }
}

async function ordersWithKeys(orders: NewOrder[]) {
  return db
    .select({ id: sellerOrder.id })
    .from(sellerOrder)
    .where(
      inArray(
        sellerOrder.idempotencyKey,
        orders.map((order) => order.idempotencyKey),
      ),
    )
}

describe('one basket makes one order', () => {
  it('places one order when two tabs send the same basket at once, each with its own key', async () => {
    const { form } = await basketWithOrderForm()
    const tabs = [form(), form()]
    const results = await Promise.all(tabs.map((order) => placeOrder(db, order)))
    expect(results.map((result) => result.kind).sort()).toEqual(['basket-changed', 'placed'])
    expect(await ordersWithKeys(tabs)).toHaveLength(1)
  })

  it('refuses the second tab sent after the first was placed', async () => {
    const { form } = await basketWithOrderForm()
    const [first, second] = [form(), form()]
    expect((await placeOrder(db, first)).kind).toBe('placed')
    expect(await placeOrder(db, second)).toEqual({ kind: 'basket-changed' })
    expect(await ordersWithKeys([first, second])).toHaveLength(1)
  })

  it('refuses a form whose basket changed since it was shown, and places nothing', async () => {
    const { basket, form } = await basketWithOrderForm()
    const stale = form()
    await addLine(db, basket.id, pixel, { limit: 10 })
    expect(await placeOrder(db, stale)).toEqual({ kind: 'basket-changed' })
    expect(await ordersWithKeys([stale])).toHaveLength(0)
    expect((await findBasket(db, basket.token))?.lines).toHaveLength(2)
  })

  it('places 10 baskets sent at once, one order each, whatever the tabs', async () => {
    const forms = await Promise.all(Array.from({ length: 10 }, () => basketWithOrderForm()))
    const tabs = forms.flatMap(({ form }) => [form(), form(), form()])
    const results = await Promise.all(tabs.map((order) => placeOrder(db, order)))
    expect(results.filter((result) => result.kind === 'placed')).toHaveLength(10)
    expect(await ordersWithKeys(tabs)).toHaveLength(10)
  }, 60_000)
})
