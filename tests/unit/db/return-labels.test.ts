import { randomUUID } from 'node:crypto'
import type { Db } from '@/db/connection'
import { orderItem, sellerOrder } from '@/db/schema'
import { chosenOrders, RETURN_LABELS_MAX } from '@/orders/queue/return-label-rules'
import { returnLabelOrders } from '@/orders/queue/return-labels'
import { newReference } from '@/orders/record/references'
import { withFileDatabase } from '../../support/test-database'

/**
 * Return labels in bulk read from the database, on PGlite and on a PostgreSQL server: only the
 * chosen orders still being returned, longest waiting first, each with its seller's address and
 * every device going back.
 */
let db: Db
withFileDatabase((opened) => {
  db = opened
})

async function order(status: string, since: string, devices: string[], name: string | null = 'Ann Smith') {
  const [made] = await db
    .insert(sellerOrder)
    .values({
      reference: newReference(),
      status,
      statusSince: new Date(since),
      totalPence: 10_000,
      name,
      addressLine1: '1 High Street',
      addressLine2: null,
      town: 'Leeds',
      postcode: 'LS1 4AB',
    })
    .returning({ id: sellerOrder.id, reference: sellerOrder.reference })
  await db.insert(orderItem).values(
    devices.map((device, position) => ({
      orderId: made!.id,
      position,
      modelId: 'model-iphone-13',
      device,
      variantKey: '128gb',
      gradeKey: 'good',
      gradeName: 'Good',
      answers: {},
      pricePence: 5_000,
      catalogueRevision: 'r1',
    })),
  )
  return made!
}

it('reads only the chosen orders still being returned, longest waiting first, with address and devices', async () => {
  const later = await order('returning', '2026-11-20T10:00:00Z', ['Google Pixel 7 128GB'])
  const earlier = await order('returning', '2026-11-19T10:00:00Z', ['Apple iPhone 13 128GB', 'Apple iPad Air 64GB'])
  const sent = await order('returned', '2026-11-18T10:00:00Z', ['Apple iPhone 12 64GB'])
  const notChosen = await order('returning', '2026-11-17T10:00:00Z', ['Apple iPhone 11 64GB'])

  const read = await returnLabelOrders(db, [later.id, sent.id, earlier.id, randomUUID()])
  expect(read.map((row) => row.reference)).toEqual([earlier.reference, later.reference])
  expect(read[0]).toEqual({
    reference: earlier.reference,
    name: 'Ann Smith',
    address: ['1 High Street', 'Leeds', 'LS1 4AB'],
    devices: ['Apple iPhone 13 128GB', 'Apple iPad Air 64GB'],
  })
  expect(read.map((row) => row.reference)).not.toContain(notChosen.reference)
  await expect(returnLabelOrders(db, [])).resolves.toEqual([])
})

it('takes from the address only ids, each once, and at most a print run', () => {
  const ids = Array.from({ length: RETURN_LABELS_MAX + 5 }, () => randomUUID())
  const query = new URLSearchParams([
    ['order', ids[0]!],
    ['order', ids[0]!],
    ['order', "1' or '1'='1"],
    ['order', ''],
    ...ids.slice(1).map((id) => ['order', id] as [string, string]),
  ])
  const chosen = chosenOrders(query)
  expect(chosen).toHaveLength(RETURN_LABELS_MAX)
  expect(chosen[0]).toBe(ids[0])
  expect(new Set(chosen).size).toBe(chosen.length)
})
