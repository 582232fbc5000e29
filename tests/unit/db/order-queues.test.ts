import { createHash, randomBytes } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import type { PgInsertValue } from 'drizzle-orm/pg-core'
import type { Db } from '@/db/connection'
import { orderItem, sellerOrder } from '@/db/schema'
import { orderQueuePage, type QueueFilter, type QueueKey } from '@/orders/queue/order-queue'
import { parseOrderSearch } from '@/orders/queue/order-search'
import { readPayoutKeys, sealPayout } from '@/payouts/payout-crypto'
import type { BankDetails } from '@/payouts/bank/bank-transfer'
import { fillPayoutMatches, payoutMatch } from '@/payouts/payout-match'
import { newReference } from '@/orders/record/references'
import { relatedOrders } from '@/orders/record/related-orders'
import { removeBankDetails } from '@/orders/moves/retention'
import { withFileDatabase } from '../../support/test-database'

let db: Db
withFileDatabase((opened) => (db = opened))

const newKey = () => randomBytes(32).toString('base64url')
const keys = readPayoutKeys({ PAYOUT_ENCRYPTION_KEY: newKey() })
const BASE = Date.UTC(2026, 10, 2, 9)
const MINUTE = 60_000

type Made = { id: string; reference: string }

/** Orders as staff find them, straight into the tables: `at` is when each entered its status. */
async function makeOrders(
  count: number,
  at: (index: number) => Date,
  fields: (index: number) => Partial<PgInsertValue<typeof sellerOrder>> = () => ({}),
): Promise<Made[]> {
  const rows = Array.from({ length: count }, (_, index) => ({
    reference: newReference(),
    status: 'placed',
    totalPence: 10_000,
    statusSince: at(index),
    name: 'Queue Seller',
    email: `queue.${index}@example.com`,
    postcode: 'ZZ9 9ZZ',
    addressLine1: `${index} Queue Road`,
    ...fields(index),
  }))
  const made: Made[] = []
  // In slices, as a statement has a limit on its parameters.
  for (let start = 0; start < rows.length; start += 500) {
    made.push(
      ...(await db
        .insert(sellerOrder)
        .values(rows.slice(start, start + 500))
        .returning({ id: sellerOrder.id, reference: sellerOrder.reference })),
    )
  }
  return made
}

async function addDevice(orderId: string, imei: string | null, position = 1) {
  await db.insert(orderItem).values({
    orderId,
    position,
    modelId: 'model-iphone-13',
    device: 'Apple iPhone 13 128GB',
    variantKey: '128gb',
    gradeKey: 'good',
    gradeName: 'Good',
    answers: {},
    pricePence: 10_000,
    catalogueRevision: 'test',
    imei,
  })
}

/** Every page from the first, following "next", then back from the last, following "previous". */
async function walk(filter: QueueFilter, size: number, between?: (page: number) => Promise<void>) {
  const forwards: string[][] = []
  let page = await orderQueuePage(db, filter, null, size)
  const places: Array<[number, number, number]> = []
  for (;;) {
    forwards.push(page.rows.map((row) => row.reference))
    places.push([page.from, page.to, page.total])
    await between?.(forwards.length)
    if (!page.next) break
    page = await orderQueuePage(db, filter, { direction: 'next', ...page.next }, size)
  }
  const backwards: string[][] = [page.rows.map((row) => row.reference)]
  while (page.previous) {
    page = await orderQueuePage(db, filter, { direction: 'previous', ...page.previous }, size)
    backwards.unshift(page.rows.map((row) => row.reference))
  }
  return { forwards, backwards, places }
}

describe('the staff list, page by page', () => {
  const filter = { status: 'placed', search: { postcode: 'PG1 1AA' } }
  let made: Made[]
  beforeAll(async () => {
    // 230 orders, in pairs that entered their status at the same microsecond: the id breaks the tie.
    // A microsecond past the millisecond, as now() gives: a cursor that kept only milliseconds would
    // repeat rows.
    made = await makeOrders(
      230,
      (index) => new Date(BASE + Math.floor(index / 2) * MINUTE),
      (index) => ({
        postcode: 'PG1 1AA',
        statusSince: sql`${new Date(BASE + Math.floor(index / 2) * MINUTE).toISOString()}::timestamptz + interval '456 microseconds'`,
      }),
    )
  })

  const expected = async (newest = false) => {
    const rows = await db
      .select({ reference: sellerOrder.reference, since: sellerOrder.statusSince, id: sellerOrder.id })
      .from(sellerOrder)
      .where(eq(sellerOrder.postcode, 'PG1 1AA'))
    rows.sort((a, b) => a.since.getTime() - b.since.getTime() || (a.id < b.id ? -1 : 1))
    if (newest) rows.reverse()
    return rows.map((row) => row.reference)
  }

  it('gives every order once, oldest in its status first, forwards and back, and says which rows it shows', async () => {
    const { forwards, backwards, places } = await walk(filter, 50)
    expect(forwards.map((page) => page.length)).toEqual([50, 50, 50, 50, 30])
    expect(forwards.flat()).toEqual(await expected())
    expect(backwards).toEqual(forwards)
    expect(places).toEqual([
      [1, 50, 230],
      [51, 100, 230],
      [101, 150, 230],
      [151, 200, 230],
      [201, 230, 230],
    ])
    expect(new Set(forwards.flat()).size).toBe(made.length)
  })

  it('newest first as well, in exactly the reverse order', async () => {
    const { forwards, backwards } = await walk({ ...filter, sort: 'newest' }, 40)
    expect(forwards.flat()).toEqual(await expected(true))
    expect(backwards).toEqual(forwards)
  })

  it('neither repeats nor hides an order when new ones arrive between pages', async () => {
    const before = await expected()
    const placed = await walk(filter, 30, async (page) => {
      if (page <= 4)
        await makeOrders(
          2,
          () => new Date(Date.now() + page * MINUTE),
          () => ({ postcode: 'PG1 1AA' }),
        )
    })
    const seen = placed.forwards.flat()
    expect(new Set(seen).size).toBe(seen.length)
    expect(seen.slice(0, before.length)).toEqual(before)
    // Those that arrived while paging are at the end, each once.
    expect(seen.length).toBe(before.length + 8)
  })

  it('a cursor from the middle of the list starts just after its row, whatever arrived before it since', async () => {
    const first = await orderQueuePage(db, filter, null, 10)
    await makeOrders(
      5,
      () => new Date(BASE - MINUTE),
      () => ({ postcode: 'PG1 1AA' }),
    )
    const second = await orderQueuePage(db, filter, { direction: 'next', ...(first.next as QueueKey) }, 10)
    const all = await expected()
    const at = all.indexOf(first.rows.at(-1)!.reference)
    expect(second.rows.map((row) => row.reference)).toEqual(all.slice(at + 1, at + 11))
  })
})

describe('the staff list’s filters', () => {
  it('by status, and by age: waiting since before a moment', async () => {
    const old = await makeOrders(
      3,
      (index) => new Date(BASE - 3 * 24 * 60 * MINUTE + index * MINUTE),
      () => ({ status: 'received', postcode: 'AG1 1AA' }),
    )
    const recent = await makeOrders(
      2,
      (index) => new Date(BASE + index * MINUTE),
      () => ({ status: 'received', postcode: 'AG1 1AA' }),
    )
    await makeOrders(
      2,
      () => new Date(BASE - 3 * 24 * 60 * MINUTE),
      () => ({ status: 'checked', postcode: 'AG1 1AA' }),
    )
    const search = { postcode: 'AG1 1AA' }
    const received = await orderQueuePage(db, { status: 'received', search }, null)
    expect(received.rows.map((row) => row.reference)).toEqual([...old, ...recent].map((order) => order.reference))
    const waiting = await orderQueuePage(
      db,
      { status: 'received', search, waitingBefore: new Date(BASE - MINUTE) },
      null,
    )
    expect(waiting.rows.map((row) => row.reference)).toEqual(old.map((order) => order.reference))
    expect(waiting.total).toBe(3)
    const every = await orderQueuePage(db, { search, waitingBefore: new Date(BASE - MINUTE) }, null)
    expect(every.total).toBe(5)
  })
})

describe('the staff list’s search', () => {
  let ada: Made
  let grace: Made
  const imei = '356938035643809'
  beforeAll(async () => {
    const made = await makeOrders(
      2,
      (index) => new Date(BASE + index * MINUTE),
      (index) =>
        index === 0
          ? { name: 'Ada Lovelace', email: 'Ada.Search@Example.com', postcode: 'SE1 7PB' }
          : { name: 'Grace Hopper', email: 'grace.search@example.com', postcode: 'SE1 7PB' },
    )
    ada = made[0]!
    grace = made[1]!
    await addDevice(ada.id, imei)
    await addDevice(grace.id, 'F2LXK0ABCD12')
  })

  const found = async (typed: string) =>
    (await orderQueuePage(db, { search: parseOrderSearch(typed) }, null)).rows.map((row) => row.reference)

  it('by reference, however typed', async () => {
    expect(await found(ada.reference.toLowerCase().replace(/-/g, ' '))).toEqual([ada.reference])
  })

  it('by e-mail address, whatever its case', async () => {
    expect(await found('ADA.SEARCH@example.COM')).toEqual([ada.reference])
  })

  it('by postcode, however spaced', async () => {
    expect(await found('se17pb')).toEqual([ada.reference, grace.reference])
  })

  it('by the start of a name, whatever its case, with no wildcard of its own', async () => {
    expect(await found('ada love')).toEqual([ada.reference])
    expect(await found('GRACE')).toEqual([grace.reference])
    expect(await found('Gr%')).toEqual([])
    expect(await found('_race')).toEqual([])
  })

  it('by IMEI or serial number, typed in groups', async () => {
    expect(await found('35 693803 564380 9')).toEqual([ada.reference])
    expect(await found('f2lxk0abcd12')).toEqual([grace.reference])
  })

  it('finds nothing for text that can be none of them, and combines with the status', async () => {
    expect(await found('!!')).toEqual([])
    expect((await orderQueuePage(db, { status: 'paid', search: parseOrderSearch(imei) }, null)).rows).toEqual([])
  })
})

describe('an order’s related orders', () => {
  const bank: BankDetails = { accountHolder: 'A Seller', sortCode: '12-34-56', accountNumber: '12345678' }

  it('lists other orders with the same IMEI, bank account or address, each with what matched', async () => {
    const match = payoutMatch(bank, keys)
    const [one, sameDevice, sameAccount, sameAddress, unrelated] = await makeOrders(
      5,
      (index) => new Date(BASE + index * MINUTE),
      (index) => ({
        placedAt: new Date(BASE + index * MINUTE),
        postcode: index === 3 || index === 0 ? 'RL1 1AA' : 'RL2 2AA',
        addressLine1: index === 3 ? '12A, High St.' : index === 0 ? '12a High St' : `${index} Other Road`,
        payoutMatch:
          index === 0 || index === 2 ? match : payoutMatch({ ...bank, accountNumber: `0000000${index}` }, keys),
      }),
    )
    await addDevice(one!.id, '490154203237518')
    await addDevice(sameDevice!.id, '490154203237518')
    await addDevice(unrelated!.id, '353918053871115')
    const record = (await db.select().from(sellerOrder).where(eq(sellerOrder.id, one!.id)))[0]!
    const related = await relatedOrders(db, { ...record, items: [{ imei: '490154203237518' }] })
    expect(related.map(({ reference, matches }) => ({ reference, matches }))).toEqual([
      { reference: sameDevice!.reference, matches: [{ kind: 'device', deviceId: '490154203237518' }] },
      { reference: sameAccount!.reference, matches: [{ kind: 'account' }] },
      { reference: sameAddress!.reference, matches: [{ kind: 'address' }] },
    ])
  })
})

describe('the bank details’ keyed hash', () => {
  const bank: BankDetails = { accountHolder: 'A Seller', sortCode: '12-34-56', accountNumber: '12345678' }

  it('is not a plain SHA-256 of the details, and changes with the key', () => {
    const match = payoutMatch(bank, keys)
    const plain = [
      createHash('sha256').update('123456:12345678').digest('base64url'),
      createHash('sha256').update('12345612345678').digest('hex'),
    ]
    expect(plain.some((hash) => match.includes(hash))).toBe(false)
    expect(payoutMatch(bank, readPayoutKeys({ PAYOUT_ENCRYPTION_KEY: newKey() }))).not.toBe(match)
    // The same account however typed is the same hash; another account is another.
    expect(payoutMatch({ ...bank, sortCode: '123456', accountNumber: '1234 5678' }, keys)).toBe(match)
    expect(payoutMatch({ ...bank, accountNumber: '12345679' }, keys)).not.toBe(match)
  })

  it('is filled for orders that hold sealed details without one, and made again after a key rotation', async () => {
    const [old] = await makeOrders(
      1,
      () => new Date(BASE),
      () => ({ postcode: 'BF1 1AA' }),
    )
    const reference = old!.reference
    await db
      .update(sellerOrder)
      .set({ payoutSealed: sealPayout(bank, reference, keys) })
      .where(eq(sellerOrder.id, old!.id))
    expect((await fillPayoutMatches(db, keys)).filled).toBeGreaterThanOrEqual(1)
    const read = async () => (await db.select().from(sellerOrder).where(eq(sellerOrder.id, old!.id)))[0]!
    expect((await read()).payoutMatch).toBe(payoutMatch(bank, keys))
    expect((await fillPayoutMatches(db, keys)).filled).toBe(0)

    const rotated = readPayoutKeys({
      PAYOUT_ENCRYPTION_KEY: newKey(),
      PAYOUT_ENCRYPTION_OLD_KEYS: keys.current.bytes.toString('base64url'),
    })
    await fillPayoutMatches(db, rotated)
    expect((await read()).payoutMatch).toBe(payoutMatch(bank, rotated))
  })

  it('goes when the sealed details are deleted', async () => {
    const [order] = await makeOrders(
      1,
      () => new Date(BASE),
      () => ({ postcode: 'BF2 2AA', status: 'paid', payoutMatch: payoutMatch(bank, keys) }),
    )
    await db
      .update(sellerOrder)
      .set({ payoutSealed: sealPayout(bank, order!.reference, keys) })
      .where(eq(sellerOrder.id, order!.id))
    expect(await removeBankDetails(db, order!.id)).toBe(true)
    const [after] = await db.select().from(sellerOrder).where(eq(sellerOrder.id, order!.id))
    expect(after).toMatchObject({ payoutSealed: null, payoutMatch: null })
  })
})
