import type { Db } from '@/db/connection'
import { orderQueuePage } from '@/orders/queue/order-queue'
import { placeOrder } from '@/orders/record/store'
import { sampleOrder } from '../../support/order-fixtures'
import { withFileDatabase } from '../../support/test-database'

let db: Db
withFileDatabase((opened) => (db = opened))

describe('the staff list of orders', () => {
  it('counts each order’s devices and says which seller asked for a postage pack', async () => {
    const [first] = sampleOrder().items
    const two = await placeOrder(db, sampleOrder({ items: [first!, { ...first!, device: 'Apple iPhone 13 256GB' }] }))
    const packed = await placeOrder(db, sampleOrder({ postagePack: true }))
    if (two.kind !== 'placed' || packed.kind !== 'placed') throw new Error('not placed')
    const { rows } = await orderQueuePage(db, {}, null)
    expect(rows.find((row) => row.reference === two.reference)).toMatchObject({ items: 2, postagePack: false })
    expect(rows.find((row) => row.reference === packed.reference)).toMatchObject({ items: 1, postagePack: true })
  })
})
