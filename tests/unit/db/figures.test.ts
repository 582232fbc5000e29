import { eq, sql } from 'drizzle-orm'
import type { Db } from '@/db/connection'
import { orderEvent, orderItem, sellerOrder } from '@/db/schema'
import { dashboardFigures, paidOnDay, type DayFigures } from '@/orders/queue/figures'
import { calendarOf, NO_CLOSED_DAYS, workingTimeBetween, type BusinessCalendar } from '@/orders/record/working-days'
import { withFileDatabase } from '../../support/test-database'

let db: Db
withFileDatabase((opened) => (db = opened))

// Thursday 2 July 2026, 13:00 in London (BST): "today" is 2 July there.
const NOW = new Date('2026-07-02T12:00:00Z')
const PROMISES = { checkWorkingDays: 1 }
const HOUR = 3_600_000

type Step = [at: string, action: string, from: string, to: string]

async function order(
  reference: string,
  status: string,
  totalPence: number,
  devices: Array<[string, string?]>,
  steps: Step[],
) {
  const [row] = await db.insert(sellerOrder).values({ reference, status, totalPence }).returning({ id: sellerOrder.id })
  const orderId = row!.id
  await db.insert(orderItem).values(
    devices.map(([device, offerAnswer], index) => ({
      orderId,
      position: index + 1,
      modelId: 'model-iphone-13',
      device,
      variantKey: '128gb',
      gradeKey: 'good',
      gradeName: 'Good',
      answers: {},
      pricePence: 10_000,
      catalogueRevision: 'seed',
      offerAnswer: offerAnswer ?? null,
    })),
  )
  await db.insert(orderEvent).values([
    {
      orderId,
      at: new Date('2026-04-01T09:00:00Z'),
      actor: 'seller',
      action: 'place',
      fromStatus: 'placed',
      toStatus: 'placed',
    },
    ...steps.map(([at, action, fromStatus, toStatus]) => ({
      orderId,
      at: new Date(at),
      actor: 'staff',
      action,
      fromStatus,
      toStatus,
    })),
  ])
  // As a move sets it: when the order entered the status it is in.
  const entered = steps.filter(([, , from, to]) => to === status && from !== to).at(-1)?.[0]
  await db
    .update(sellerOrder)
    .set({ statusSince: new Date(entered ?? '2026-04-01T09:00:00Z') })
    .where(eq(sellerOrder.id, orderId))
}

beforeAll(async () => {
  // A: two devices in just after midnight London time (23:30 UTC the evening before), checked and paid today.
  await order(
    'HB-AAAA-AAAA',
    'paid',
    25_000,
    [['Apple iPhone 13 128GB'], ['Apple iPad 9th generation 64GB']],
    [
      ['2026-07-01T23:30:00Z', 'receive', 'placed', 'received'],
      ['2026-07-02T09:00:00Z', 'check', 'received', 'checked'],
      ['2026-07-02T10:00:00Z', 'pay', 'checked', 'paid'],
      // A record, not a move: it must count as nothing.
      ['2026-07-02T10:05:00Z', 'reveal-payout', 'paid', 'paid'],
    ],
  )
  // B: two devices in at 23:30 London time yesterday; revised, one declined, the other accepted and paid.
  await order(
    'HB-BBBB-BBBB',
    'paid',
    14_000,
    [
      ['=HYPERLINK("http://evil.example")', 'accept'],
      ['Google Pixel 7', 'decline'],
    ],
    [
      ['2026-07-01T22:30:00Z', 'receive', 'expired', 'received'],
      ['2026-07-02T08:00:00Z', 'check', 'received', 'checked'],
      ['2026-07-02T08:30:00Z', 'revise', 'checked', 'revised'],
      ['2026-07-02T09:30:00Z', 'accept-device', 'revised', 'accepted'],
      ['2026-07-02T11:00:00Z', 'pay', 'accepted', 'paid'],
    ],
  )
  // C: in on Monday, still waiting: over one working day.
  await order(
    'HB-CCCC-CCCC',
    'received',
    10_000,
    [['Apple iPhone 12 64GB']],
    [['2026-06-29T10:00:00Z', 'receive', 'placed', 'received']],
  )
  // D: three devices in yesterday afternoon, waiting, within the working day.
  await order(
    'HB-DDDD-DDDD',
    'received',
    30_000,
    [['Phone 1'], ['Phone 2'], ['Phone 3']],
    [['2026-07-01T13:00:00Z', 'receive', 'placed', 'received']],
  )
  // E: in on a Saturday, checked on Monday at 10:00 London time, then asked back.
  await order(
    'HB-EEEE-EEEE',
    'returning',
    10_000,
    [['Samsung Galaxy S21']],
    [
      ['2026-06-20T10:00:00Z', 'receive', 'placed', 'received'],
      ['2026-06-22T09:00:00Z', 'check', 'received', 'checked'],
      ['2026-06-23T09:00:00Z', 'request-return', 'checked', 'returning'],
    ],
  )
  // F: in long before the charts begin, checked inside them.
  await order(
    'HB-FFFF-FFFF',
    'checked',
    10_000,
    [['Apple iPhone 11 64GB']],
    [
      ['2026-05-01T10:00:00Z', 'receive', 'placed', 'received'],
      ['2026-06-30T10:00:00Z', 'check', 'received', 'checked'],
    ],
  )
})

/** Counts written out in plain SQL, to hold the module's queries to. */
async function count(query: ReturnType<typeof sql>): Promise<number> {
  const result = (await db.execute(query)) as unknown as { rows: Array<{ n: number | string | null }> }
  return Number(result.rows[0]?.n ?? 0)
}
const londonDate = sql`(at at time zone 'Europe/London')::date`

describe('the dashboard’s figures', () => {
  let figures: Awaited<ReturnType<typeof dashboardFigures>>
  const on = (day: string) => figures.days.find((entry) => entry.day === day) as DayFigures

  beforeAll(async () => {
    figures = await dashboardFigures(db, NOW, PROMISES, NO_CLOSED_DAYS)
  })

  it('gives today’s numbers as counted by hand', () => {
    expect(figures.today).toEqual({
      day: '2026-07-02',
      arrivedDevices: 2,
      checked: 2,
      revised: 1,
      revisedPercent: 50,
      checkHours: 9.5,
      paid: 2,
      paidPence: 39_000,
      payHours: 6,
      waiting: 2,
      waitingOverdue: 1,
      returnsToSend: 1,
    })
  })

  it('gives today’s numbers as plain SQL counts them', async () => {
    const today = sql`${londonDate} = '2026-07-02'`
    expect(figures.today.arrivedDevices).toBe(
      await count(sql`select count(*) as n from order_item where order_id in (
        select order_id from order_event where to_status = 'received' and from_status <> 'received' and ${today})`),
    )
    expect(figures.today.checked).toBe(
      await count(sql`select count(*) as n from order_event where action = 'check' and ${today}`),
    )
    expect(figures.today.paid).toBe(
      await count(
        sql`select count(*) as n from order_event where to_status = 'paid' and from_status <> 'paid' and ${today}`,
      ),
    )
    expect(figures.today.paidPence).toBe(
      await count(sql`select sum(total_pence) as n from seller_order where id in (
        select order_id from order_event where action = 'pay' and ${today})`),
    )
    expect(figures.today.waiting).toBe(
      await count(sql`select count(*) as n from seller_order where status = 'received'`),
    )
    expect(figures.today.returnsToSend).toBe(
      await count(sql`select count(*) as n from seller_order where status = 'returning'`),
    )
  })

  it('puts an event at 23:30 UTC in summer on the next London day', () => {
    // A's parcel (23:30 UTC on 1 July) is today's; B's (22:30 UTC) is yesterday's, with D's three.
    expect(on('2026-07-01').arrivedDevices).toBe(5)
    expect(on('2026-07-02').arrivedDevices).toBe(2)
  })

  it('draws thirty days, oldest first, each as plain SQL counts it', async () => {
    expect(figures.days).toHaveLength(30)
    expect(figures.days[0]!.day).toBe('2026-06-03')
    expect(figures.days.at(-1)!.day).toBe('2026-07-02')
    for (const entry of figures.days) {
      const day = sql`${londonDate} = ${entry.day}::date`
      expect([entry.day, entry.arrivedDevices]).toEqual([
        entry.day,
        await count(sql`select count(*) as n from order_item i join order_event e on e.order_id = i.order_id
          where e.to_status = 'received' and e.from_status <> 'received' and (e.at at time zone 'Europe/London')::date = ${entry.day}::date`),
      ])
      expect([entry.day, entry.checked]).toEqual([
        entry.day,
        await count(sql`select count(*) as n from order_event where action = 'check' and ${day}`),
      ])
      expect([entry.day, entry.paid]).toEqual([
        entry.day,
        await count(sql`select count(*) as n from order_event where action = 'pay' and ${day}`),
      ])
    }
    const quiet = figures.days.filter(
      (entry) =>
        !['2026-06-20', '2026-06-22', '2026-06-29', '2026-06-30', '2026-07-01', '2026-07-02'].includes(entry.day),
    )
    expect(quiet.every((entry) => entry.arrivedDevices + entry.checked + entry.paid === 0)).toBe(true)
    expect(quiet.every((entry) => entry.revisedPercent === null && entry.checkHours === null)).toBe(true)
  })

  it('counts hours from arrival to check in working hours, the weekend left out', () => {
    // E: in on Saturday, checked on Monday at 10:00 London time.
    expect(on('2026-06-22')).toMatchObject({ checked: 1, revised: 0, revisedPercent: 0, checkHours: 10 })
    // F: in on Friday 1 May, checked on Tuesday 30 June: as the pure rule counts it.
    const fHours =
      workingTimeBetween(new Date('2026-05-01T10:00:00Z'), new Date('2026-06-30T10:00:00Z'), NO_CLOSED_DAYS) / HOUR
    expect(fHours).toBe(42 * 24)
    expect(on('2026-06-30').checkHours).toBe(fHours)
  })

  it('counts an order as waiting too long only past the promise', async () => {
    const later = await dashboardFigures(db, new Date('2026-07-02T12:00:01Z'), PROMISES, NO_CLOSED_DAYS)
    // D arrived Wednesday 14:00 London time: still within its working day at Thursday 14:00…
    const atPromise = await dashboardFigures(db, new Date('2026-07-02T13:00:00Z'), PROMISES, NO_CLOSED_DAYS)
    expect(atPromise.today.waitingOverdue).toBe(1)
    // …and over it a second later.
    const past = await dashboardFigures(db, new Date('2026-07-02T13:00:01Z'), PROMISES, NO_CLOSED_DAYS)
    expect(past.today.waitingOverdue).toBe(2)
    expect(later.today.waitingOverdue).toBe(1)
    // A promise of four working days puts neither over (C has waited three days and two hours).
    expect((await dashboardFigures(db, NOW, { checkWorkingDays: 3 }, NO_CLOSED_DAYS)).today.waitingOverdue).toBe(1)
    expect((await dashboardFigures(db, NOW, { checkWorkingDays: 4 }, NO_CLOSED_DAYS)).today.waitingOverdue).toBe(0)
  })
})

describe('days still open', () => {
  it('are read afresh each time: a move made after a reading is in the next one', async () => {
    const before = await dashboardFigures(db, NOW, PROMISES, NO_CLOSED_DAYS)
    await order(
      'HB-GGGG-GGGG',
      'received',
      10_000,
      [['Apple iPhone 14 128GB']],
      [['2026-07-02T11:30:00Z', 'receive', 'placed', 'received']],
    )
    const after = await dashboardFigures(db, NOW, PROMISES, NO_CLOSED_DAYS)
    expect(after.today.arrivedDevices).toBe(before.today.arrivedDevices + 1)
    expect(after.today.waiting).toBe(before.today.waiting + 1)
    // Days over (and an hour past) are kept, and the same.
    expect(after.days.slice(0, -1)).toEqual(before.days.slice(0, -1))
  })
})

describe('the day’s payments for the accountant', () => {
  it('lists the orders paid that London day, in order, with the devices paid for', async () => {
    const rows = await paidOnDay(db, '2026-07-02')
    expect(rows).toEqual([
      {
        reference: 'HB-AAAA-AAAA',
        paidAt: new Date('2026-07-02T10:00:00Z'),
        devices: ['Apple iPhone 13 128GB', 'Apple iPad 9th generation 64GB'],
        pence: 25_000,
        method: 'bank',
        // Paid by hand here: neither a run's reference nor a provider's.
        paidBy: '',
      },
      {
        reference: 'HB-BBBB-BBBB',
        paidAt: new Date('2026-07-02T11:00:00Z'),
        devices: ['=HYPERLINK("http://evil.example")'],
        pence: 14_000,
        method: 'bank',
        paidBy: '',
      },
    ])
    expect(await paidOnDay(db, '2026-07-01')).toEqual([])
  })
})

describe('working hours with bank holidays and closure days, in SQL as in the pure rule', () => {
  const BANK_HOLIDAYS = calendarOf([])
  const CLOSURE = calendarOf(['2026-12-29', '2026-06-01', '2026-06-06'])
  const day = async (now: string, calendar: BusinessCalendar, wanted: string) =>
    (await dashboardFigures(db, new Date(now), PROMISES, calendar)).days.find((entry) => entry.day === wanted)!
  const jsHours = (from: string, to: string, calendar: BusinessCalendar) =>
    workingTimeBetween(new Date(from), new Date(to), calendar) / HOUR

  beforeAll(async () => {
    // H: in on Maundy Thursday 10:00 BST, checked the Tuesday after Easter at 10:00 BST.
    await order(
      'HB-HHHH-HHHH',
      'checked',
      10_000,
      [['Apple iPhone 15 128GB']],
      [
        ['2026-04-02T09:00:00Z', 'receive', 'placed', 'received'],
        ['2026-04-07T09:00:00Z', 'check', 'received', 'checked'],
      ],
    )
    // I: in on Christmas Eve at noon, checked on Wednesday 30 December at 09:00 (GMT).
    await order(
      'HB-IIII-IIII',
      'checked',
      10_000,
      [['Google Pixel 8']],
      [
        ['2026-12-24T12:00:00Z', 'receive', 'placed', 'received'],
        ['2026-12-30T09:00:00Z', 'check', 'received', 'checked'],
      ],
    )
    // L: in on Easter Monday at noon, checked on Wednesday 8 April at 09:00 BST: the clock starts on Tuesday.
    await order(
      'HB-LLLL-LLLL',
      'checked',
      10_000,
      [['Apple iPad Air']],
      [
        ['2026-04-06T11:00:00Z', 'receive', 'placed', 'received'],
        ['2026-04-08T08:00:00Z', 'check', 'received', 'checked'],
      ],
    )
    // M: in on Good Friday and checked on Easter Monday, by someone working the holiday: no working time.
    await order(
      'HB-MMMM-MMMM',
      'checked',
      10_000,
      [['Apple iPad mini']],
      [
        ['2026-04-03T09:00:00Z', 'receive', 'placed', 'received'],
        ['2026-04-06T10:00:00Z', 'check', 'received', 'checked'],
      ],
    )
    // J and K wait for their check over Easter: J since Wednesday 1 April 11:00 BST, K since Thursday.
    await order(
      'HB-JJJJ-JJJJ',
      'received',
      10_000,
      [['Phone J']],
      [['2026-04-01T10:00:00Z', 'receive', 'placed', 'received']],
    )
    await order(
      'HB-KKKK-KKKK',
      'received',
      10_000,
      [['Phone K']],
      [['2026-04-02T10:00:00Z', 'receive', 'placed', 'received']],
    )
  })

  it('leaves Good Friday and Easter Monday out of the hours to a check', async () => {
    const checked = await day('2026-04-08T12:00:00Z', BANK_HOLIDAYS, '2026-04-07')
    expect(checked.checkHours).toBe(24)
    expect(jsHours('2026-04-02T09:00:00Z', '2026-04-07T09:00:00Z', BANK_HOLIDAYS)).toBe(24)
    // Weekends only, as before the calendar: three working days.
    expect((await day('2026-04-08T12:00:00Z', NO_CLOSED_DAYS, '2026-04-07')).checkHours).toBe(72)
  })

  it('starts the clock after a bank holiday, and counts none from one bank holiday to the next', async () => {
    expect((await day('2026-04-08T12:00:00Z', BANK_HOLIDAYS, '2026-04-08')).checkHours).toBe(33)
    expect(jsHours('2026-04-06T11:00:00Z', '2026-04-08T08:00:00Z', BANK_HOLIDAYS)).toBe(33)
    expect((await day('2026-04-08T12:00:00Z', BANK_HOLIDAYS, '2026-04-06')).checkHours).toBe(0)
    expect(jsHours('2026-04-03T09:00:00Z', '2026-04-06T10:00:00Z', BANK_HOLIDAYS)).toBe(0)
    expect((await day('2026-04-08T12:00:00Z', NO_CLOSED_DAYS, '2026-04-06')).checkHours).toBe(25)
  })

  it('leaves Christmas, the substitute Boxing Day and an editor’s closure day out', async () => {
    // Thursday 12 hours, Tuesday 24, Wednesday 9.
    expect((await day('2026-12-31T12:00:00Z', BANK_HOLIDAYS, '2026-12-30')).checkHours).toBe(45)
    expect(jsHours('2026-12-24T12:00:00Z', '2026-12-30T09:00:00Z', BANK_HOLIDAYS)).toBe(45)
    // Tuesday 29 December closed too.
    expect((await day('2026-12-31T12:00:00Z', CLOSURE, '2026-12-30')).checkHours).toBe(21)
    expect(jsHours('2026-12-24T12:00:00Z', '2026-12-30T09:00:00Z', CLOSURE)).toBe(21)
  })

  it('agrees with the pure rule over May’s two bank holidays and a weekday and a Saturday closed', async () => {
    // F: in on Friday 1 May, checked on Tuesday 30 June (the charts of 2 July show it).
    for (const [calendar, days] of [
      [NO_CLOSED_DAYS, 42],
      [BANK_HOLIDAYS, 40],
      [CLOSURE, 39],
    ] as const) {
      const hours = jsHours('2026-05-01T10:00:00Z', '2026-06-30T10:00:00Z', calendar)
      expect(hours).toBe(days * 24)
      expect((await day('2026-07-02T12:00:00Z', calendar, '2026-06-30')).checkHours).toBe(hours)
    }
  })

  it('counts waiting past the promise in working days, Easter left out', async () => {
    // Tuesday 7 April 10:00 BST: K has waited Thursday's 13 hours and Tuesday's 10, J a day more.
    const now = new Date('2026-04-07T09:00:00Z')
    expect((await dashboardFigures(db, now, PROMISES, BANK_HOLIDAYS)).today.waitingOverdue).toBe(1)
    expect((await dashboardFigures(db, now, PROMISES, NO_CLOSED_DAYS)).today.waitingOverdue).toBe(2)
  })
})
