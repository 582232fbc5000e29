import { eq, inArray, sql } from 'drizzle-orm'
import type { EmailCopy } from '@/content/types'
import type { Db } from '@/db/connection'
import { sellerOrder } from '@/db/schema'
import { addDays, dueAction, type Timings } from '@/orders/record/lifecycle'
import { placeOrder } from '@/orders/record/store'
import { bankDetailsDueQuery } from '@/orders/moves/retention'
import { dueTimers, dueTimersQuery, type DueCursor } from '@/orders/moves/timer-store'
import { applyDueTimers } from '@/orders/moves/timers'
import { sampleOrder } from '../../support/order-fixtures'
import { seedWithFacts } from '../../support/seed-facts'
import { withFileDatabase } from '../../support/test-database'
import { seedCheckoutWords } from '../../support/seed-email-loaders'

let db: Db
withFileDatabase((opened) => (db = opened))

process.env.BETTER_AUTH_SECRET ??= 'due-timers-test-secret-0123456789abcdef'

const timings: Timings = { revisedOfferDays: 14, reminderDaysBefore: 3, quarantineDays: 28, lapsedOffer: 'accept' }
const context = {
  timings,
  mail: {
    copy: seedWithFacts('emailCopy') as EmailCopy,
    origin: 'https://shop.example',
    reviewUrl: 'https://reviews.example/handback',
    checkout: seedCheckoutWords(),
  },
}
const WAITING = 5_000

/** Orders waiting on the clock but not yet due, written in one statement each, as a busy shop has them. */
async function waitingOrders(now: Date) {
  const iso = (days: number) => addDays(now, days).toISOString()
  await db.execute(sql`
    insert into seller_order (reference, status, total_pence, placed_at, status_since, hold_until, offer_deadline)
    select 'WAIT-R' || i, 'revised', 8000, ${iso(-5)}::timestamptz, ${iso(-1)}::timestamptz,
      ${iso(-5)}::timestamptz + interval '14 days', ${iso(4)}::timestamptz + i * interval '1 second'
    from generate_series(1, ${WAITING * 0.4}) as i`)
  await db.execute(sql`
    insert into seller_order (reference, status, total_pence, placed_at, status_since, hold_until)
    select 'WAIT-P' || i, 'placed', 8000, ${iso(-1)}::timestamptz, ${iso(-1)}::timestamptz,
      ${iso(1)}::timestamptz + i * interval '1 second'
    from generate_series(1, ${WAITING * 0.4}) as i`)
  await db.execute(sql`
    insert into seller_order (reference, status, total_pence, placed_at, status_since, hold_until)
    select 'WAIT-Q' || i, 'quarantined', 8000, ${iso(-20)}::timestamptz, ${iso(-10)}::timestamptz - i * interval '1 second',
      ${iso(-6)}::timestamptz
    from generate_series(1, ${WAITING * 0.2}) as i`)
  await db.execute(sql`analyze seller_order`)
}

async function placedDue(count: number, holdUntil: Date): Promise<string[]> {
  const ids: string[] = []
  for (let n = 0; n < count; n++) {
    const result = await placeOrder(db, sampleOrder({ holdUntil, emails: () => [] }))
    if (result.kind !== 'placed') throw new Error('not placed')
    ids.push(result.id)
  }
  return ids
}

/** Rows of a raw statement: both drivers answer with { rows }. */
const rowsOf = async <Row>(statement: ReturnType<typeof sql>) =>
  ((await db.execute(statement)) as unknown as { rows: Row[] }).rows

const statusOf = async (ids: string[]) =>
  (await db.select({ status: sellerOrder.status }).from(sellerOrder).where(inArray(sellerOrder.id, ids))).map(
    (row) => row.status,
  )

describe('the minute job, with thousands of orders waiting', () => {
  const now = new Date()
  beforeAll(() => waitingOrders(now), 60_000)

  it('moves the one order that is due in the next tick, reading nothing else', async () => {
    const [due] = await placedDue(1, addDays(now, -0.001))
    const run = await applyDueTimers(db, context, now)
    expect(run).toEqual({ moved: 1, read: 1, finished: true })
    expect(await statusOf([due!])).toEqual(['expired'])
    const [{ waiting }] = (await rowsOf<{
      waiting: number
    }>(sql`select count(*)::int as waiting from seller_order where reference like 'WAIT-%'
        and status in ('placed', 'revised', 'quarantined')`)) as [{ waiting: number }]
    expect(waiting).toBe(WAITING)
  })

  it('reads each part through its index, not the whole table', async () => {
    const cursor = { id: '00000000-0000-4000-8000-000000000000', due: addDays(now, -30).toISOString() }
    for (const ask of [null, cursor]) {
      const plan = await rowsOf<Record<string, string>>(
        sql`explain ${dueTimersQuery({ now, timings, cursor: ask, limit: 200 })}`,
      )
      const text = plan.map((row) => Object.values(row).join(' ')).join('\n')
      expect(text).not.toMatch(/Seq Scan/)
      expect(text.match(/Index (Only )?Scan/g)).toHaveLength(4)
    }
  })

  it('reads bank details due to go through the index of orders that still hold them', async () => {
    const plan = await rowsOf<Record<string, string>>(sql`explain ${bankDetailsDueQuery(db, now, 30).getSQL()}`)
    const text = plan.map((row) => Object.values(row).join(' ')).join('\n')
    expect(text).toMatch(/seller_order_sealed_since_idx/)
    expect(text).not.toMatch(/Seq Scan/)
  })

  it('moves a due set larger than a batch in one run, soonest due first', async () => {
    const ids = await placedDue(25, addDays(now, -0.01))
    const run = await applyDueTimers(db, context, now, { batch: 10, sliceMs: 60_000 })
    expect(run).toEqual({ moved: 25, read: 25, finished: true })
    expect(await statusOf(ids)).toEqual(Array(25).fill('expired'))
  })

  it('stops when its time slice ends and leaves the rest for the next tick', async () => {
    const ids = await placedDue(3, addDays(now, -0.01))
    expect(await applyDueTimers(db, context, now, { batch: 10, sliceMs: 0 })).toEqual({
      moved: 0,
      read: 0,
      finished: false,
    })
    expect(await statusOf(ids)).toEqual(['placed', 'placed', 'placed'])
    expect(await applyDueTimers(db, context, now, { batch: 10, sliceMs: 60_000 })).toMatchObject({ moved: 3 })
  })

  it('reads an order it could not move only once in a run, and moves the ones after it', async () => {
    // Revised offers with no device to answer: due, yet nothing the clock can do moves them.
    await db.execute(sql`
      insert into seller_order (reference, status, total_pence, hold_until, offer_deadline)
      select 'STUCK' || i, 'revised', 8000, ${now.toISOString()}::timestamptz,
        ${addDays(now, -2).toISOString()}::timestamptz
      from generate_series(1, 3) as i`)
    const [later] = await placedDue(1, addDays(now, -0.5))
    const run = await applyDueTimers(db, context, now, { batch: 1, sliceMs: 30_000 })
    expect(run).toEqual({ moved: 1, read: 4, finished: true })
    expect(await statusOf([later!])).toEqual(['expired'])
    await db.delete(sellerOrder).where(sql`${sellerOrder.reference} like 'STUCK%'`)
  })

  it('finds exactly the orders dueAction says are due, at the edges, in due order', async () => {
    const ms = (days: number, extra = 0) => new Date(addDays(now, days).getTime() + extra)
    const edge = async (reference: string, set: Partial<typeof sellerOrder.$inferInsert>) =>
      db.insert(sellerOrder).values({ reference, status: 'placed', totalPence: 1, ...set })
    await edge('EDGE-hold-now', { holdUntil: now })
    await edge('EDGE-hold-later', { holdUntil: ms(0, 1) })
    await edge('EDGE-deadline-now', { status: 'revised', offerDeadline: now })
    await edge('EDGE-remind-from', { status: 'revised', offerDeadline: ms(3) })
    await edge('EDGE-remind-later', { status: 'revised', offerDeadline: ms(3, 1) })
    await edge('EDGE-reminded', { status: 'revised', offerDeadline: ms(1), offerRemindedAt: ms(-1) })
    await edge('EDGE-remind', { status: 'revised', offerDeadline: ms(1) })
    await edge('EDGE-no-deadline', { status: 'revised', offerDeadline: null })
    await edge('EDGE-quarantine-ended', { status: 'quarantined', statusSince: ms(-28) })
    await edge('EDGE-quarantine-left', { status: 'quarantined', statusSince: ms(-28, 1) })
    await edge('EDGE-checked', { status: 'checked', holdUntil: ms(-100), statusSince: ms(-100) })

    const all = await db.select().from(sellerOrder)
    const expected = all.filter((order) => dueAction(order, now, timings)).map((order) => order.reference)
    expect(expected.filter((reference) => reference.startsWith('EDGE')).sort()).toEqual([
      'EDGE-deadline-now',
      'EDGE-hold-now',
      'EDGE-quarantine-ended',
      'EDGE-remind',
      'EDGE-remind-from',
    ])

    // Paged through a small batch: the keyset neither skips nor repeats.
    const found: Array<{ id: string; due: string }> = []
    let cursor: DueCursor = null
    for (;;) {
      const page = await dueTimers(db, { now, timings, cursor, limit: 2 })
      found.push(...page)
      if (page.length < 2) break
      cursor = page.at(-1)!
    }
    const byId = new Map(all.map((order) => [order.id, order.reference]))
    expect(found.map((row) => byId.get(row.id)).sort()).toEqual(expected.sort())
    const dues = found.map((row) => new Date(row.due).getTime())
    expect(dues).toEqual([...dues].sort((a, b) => a - b))
    // What has owed longest comes first: the reminder due two days ago (deadline tomorrow, three days' notice).
    expect(byId.get(found[0]!.id)).toBe('EDGE-remind')
    await db.delete(sellerOrder).where(sql`${sellerOrder.reference} like 'EDGE%'`)
  })

  it('counts a quarantine from the order’s status_since, not its events', async () => {
    const [id] = await placedDue(1, addDays(now, 14))
    await db
      .update(sellerOrder)
      .set({ status: 'quarantined', statusSince: addDays(now, -29) })
      .where(eq(sellerOrder.id, id!))
    expect(await applyDueTimers(db, context, now)).toMatchObject({ moved: 1, read: 1 })
    expect(await statusOf([id!])).toEqual(['closed'])
  })
})
