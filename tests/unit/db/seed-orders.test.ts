import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Db } from '@/db/connection'
import { orderEvent, orderItem, sellerOrder } from '@/db/schema'
import { dueTimers } from '@/orders/moves/timer-store'
import { openPayout, readPayoutKeys } from '@/payouts/payout-crypto'
import { ORDER_STATUSES } from '@/orders/record/lifecycle'
import { BENCH_IMEI, seedOrders } from '../../../scripts/seed-orders'
import { readSeedCatalogue } from '../../../scripts/seed-orders/catalogue'
import { refuseContents, refuseTarget } from '../../../scripts/seed-orders/safety'
import { withFileDatabase } from '../../support/test-database'

// The bench manager's invitation is written in the E-mails document's words, from the seed.
jest.mock('@/content/loaders', () => jest.requireActual('../../support/seed-email-loaders'))

let db: Db
withFileDatabase((opened) => (db = opened))

// The sealing key of its own: a server database never has one generated (and no .data is touched).
process.env.PAYOUT_ENCRYPTION_KEY ??= randomBytes(32).toString('base64url')

const COUNT = 1_500
const now = Date.now()
const timings = { reminderDaysBefore: 3, quarantineDays: 28 }

describe('npm run seed:orders', () => {
  let orders: Array<typeof sellerOrder.$inferSelect>
  let items: Array<typeof orderItem.$inferSelect>
  let events: Array<typeof orderEvent.$inferSelect>
  beforeAll(async () => {
    await seedOrders(db, COUNT, 7, now)
    ;[orders, items, events] = await Promise.all([
      db.select().from(sellerOrder),
      db.select().from(orderItem),
      db.select().from(orderEvent).orderBy(orderEvent.id),
    ])
  }, 120_000)

  it('makes the orders asked for, over the last ninety days, in nearly every status', () => {
    expect(orders).toHaveLength(COUNT)
    const ages = orders.map((order) => (now - order.placedAt.getTime()) / 86_400_000)
    expect(Math.min(...ages)).toBeGreaterThanOrEqual(0)
    expect(Math.max(...ages)).toBeLessThan(91)
    expect(Math.max(...ages)).toBeGreaterThan(80)
    // Every status an order rests in for a day or more is there. An order passes through three in
    // hours (accepted until the payment, paying until the bank answers, returning until posted), so
    // 1,500 orders hold none of them at some instants: the run on Sunday 29 November held none of
    // the three. The 100,000 of the bench hold them all.
    const passing: readonly string[] = ['accepted', 'paying', 'returning']
    // A free recycling order is made only by accepting a staff offer of £0, never from the catalogue
    // the script sells from: none is made here (tests/unit/db/free-recycling.test.ts has its own).
    const offered: readonly string[] = ['recycling']
    const statuses = new Set(orders.map((order) => order.status))
    expect(
      ORDER_STATUSES.filter(
        (status) => !statuses.has(status) && !passing.includes(status) && !offered.includes(status),
      ),
    ).toEqual([])
  })

  it('gives each order a history that leads to its status, with status_since the move into it', () => {
    const byOrder = Map.groupBy(events, (event) => event.orderId)
    for (const order of orders) {
      const history = byOrder.get(order.id)!
      expect(history[0]).toMatchObject({ action: 'place', toStatus: 'placed', actor: 'seller' })
      for (let index = 1; index < history.length; index++) {
        expect(history[index]!.fromStatus).toBe(history[index - 1]!.toStatus)
        expect(history[index]!.at.getTime()).toBeGreaterThanOrEqual(history[index - 1]!.at.getTime())
      }
      expect(history.at(-1)!.toStatus).toBe(order.status)
      expect(history.at(-1)!.at.getTime()).toBeLessThanOrEqual(now)
      const moves = history.filter((event) => event.fromStatus !== event.toStatus)
      expect(order.statusSince.getTime()).toBe((moves.at(-1)?.at ?? order.placedAt).getTime())
      // Staff moves name who made them; paying is a manager's.
      for (const event of history.filter((e) => e.actor === 'staff' || e.actor === 'manager')) {
        expect(event.actorName).toBeTruthy()
      }
      expect(history.filter((e) => e.action === 'pay').every((e) => e.actor === 'manager')).toBe(true)
    }
  })

  it('asks for postage packs a quarter of the time, and only the last day’s are still to post', () => {
    const packs = orders.filter((order) => order.postagePack)
    expect(packs.length / COUNT).toBeGreaterThan(0.15)
    expect(packs.length / COUNT).toBeLessThan(0.35)
    const waiting = packs.filter((order) => order.postagePackPostedAt === null)
    for (const order of waiting) expect(now - order.placedAt.getTime()).toBeLessThan(86_400_000)
    for (const order of packs.filter((pack) => pack.postagePackPostedAt !== null)) {
      expect(order.postagePackPostedAt!.getTime() - order.placedAt.getTime()).toBe(86_400_000)
    }
  })

  it('leaves nothing the minute job owes: the clock’s moves are already made', async () => {
    expect(await dueTimers(db, { now: new Date(now), timings, cursor: null, limit: 10 })).toEqual([])
  })

  it('sells 1 to 3 devices from the seed catalogue at its prices, with an IMEI once checked', () => {
    const catalogue = readSeedCatalogue()
    const price = new Map(
      catalogue.models.flatMap((model) =>
        model.variants.flatMap((variant) =>
          Object.entries(variant.prices).map(([grade, pence]) => [`${model.id}/${variant.key}/${grade}`, pence]),
        ),
      ),
    )
    const byOrder = Map.groupBy(items, (item) => item.orderId)
    for (const order of orders) {
      const devices = byOrder.get(order.id)!
      expect(devices.length).toBeGreaterThanOrEqual(1)
      expect(devices.length).toBeLessThanOrEqual(3)
      for (const device of devices) {
        expect(device.pricePence).toBe(price.get(`${device.modelId}/${device.variantKey}/${device.gradeKey}`))
        // An IMEI exactly when the device was checked (a grade found), and always 15 digits.
        expect(device.imei === null).toBe(device.foundGradeKey === null)
        expect(device.imei ?? '000000000000000').toMatch(/^\d{15}$/)
      }
      // The total is what the seller is owed: a revised price once accepted, the quoted one otherwise.
      const owed = devices.reduce(
        (sum, device) =>
          sum +
          (device.offerAnswer === 'accept' && device.revisedPricePence !== null
            ? device.revisedPricePence
            : device.pricePence),
        0,
      )
      expect(order.totalPence).toBe(owed)
    }
    // Both kinds of total are among the orders: revised and accepted, and revised and declined.
    expect(
      items.filter((item) => item.offerAnswer === 'accept' && item.revisedPricePence !== null).length,
    ).toBeGreaterThan(10)
    expect(
      items.filter((item) => item.offerAnswer === 'decline' && item.revisedPricePence !== null).length,
    ).toBeGreaterThan(5)
    const seen = Map.groupBy(
      items.filter((item) => item.imei),
      (item) => item.imei,
    )
    expect([...seen.values()].some((list) => list.length > 1)).toBe(true)
    // The bench's IMEI search finds the device on two orders.
    expect(new Set(seen.get(BENCH_IMEI)!.map((item) => item.orderId)).size).toBe(2)
  })

  it('seals bank details with the real key, and only made-up people', () => {
    const keys = readPayoutKeys()
    const sealed = orders.filter((order) => order.payoutSealed)
    expect(sealed.length).toBeGreaterThan(COUNT / 10)
    for (const order of sealed.slice(0, 200)) {
      const bank = openPayout(order.payoutSealed!, order.reference, keys) as { sortCode: string; accountNumber: string }
      expect(bank.accountNumber.slice(-4)).toBe(order.payoutLast4)
      expect(bank.sortCode).toMatch(/^0099\d\d$/)
    }
    for (const order of orders) {
      expect(order.email).toMatch(/@example\.(com|org|net|co\.uk)$/)
      expect(order.phone).toMatch(/^07700 900\d{3}$/)
    }
  })

  it('counts its own orders apart from a shop’s', async () => {
    const [row] = (
      (await db.execute(
        sql`select count(*)::int as foreign from seller_order where request_hash is distinct from 'seed-orders'`,
      )) as unknown as { rows: Array<{ foreign: number }> }
    ).rows
    expect(row!.foreign).toBe(0)
  })
})

describe('what seed:orders refuses', () => {
  it('refuses production, and a database on another machine', () => {
    expect(refuseTarget({ databaseUrl: undefined, production: true })).toMatch(/production/)
    expect(refuseTarget({ databaseUrl: 'postgres://app@db.internal.example:5432/shop', production: false })).toMatch(
      /db\.internal\.example/,
    )
    expect(refuseTarget({ databaseUrl: 'postgres://postgres@127.0.0.1:5432/dev', production: false })).toBeNull()
    expect(refuseTarget({ databaseUrl: 'postgres://localhost/dev', production: false })).toBeNull()
    expect(refuseTarget({ databaseUrl: 'postgres:///dev?host=/run/postgresql', production: false })).toBeNull()
    expect(refuseTarget({ databaseUrl: undefined, production: false })).toBeNull()
  })

  it('refuses a database already holding a shop’s orders', () => {
    expect(refuseContents(0)).toBeNull()
    expect(refuseContents(1_000)).toBeNull()
    expect(refuseContents(1_001)).toMatch(/1001 orders/)
  })

  it('stops before connecting when run against another machine', () => {
    const run = spawnSync('npm', ['run', '-s', 'seed:orders', '--', '10'], {
      encoding: 'utf8',
      env: { ...process.env, DATABASE_URL: 'postgres://app@db.internal.example:5432/shop', NODE_OPTIONS: '' },
      timeout: 60_000,
    })
    expect(run.status).toBe(1)
    expect(run.stderr).toMatch(/Not seeding: DATABASE_URL names db\.internal\.example/)
  }, 60_000)
})
