import { eq } from 'drizzle-orm'
import type { Db } from '@/db/connection'
import { emailOutbox, priceAlertPrice, subscription } from '@/db/schema'
import { alertRisenPrices, type PublishedPrice } from '@/subscriptions/price-check'
import {
  alertRise,
  ALERT_EVERY_MS,
  CONFIRM_LINK_DAYS,
  confirmedNewsletter,
  confirmSubscription,
  deleteSubscription,
  findByConfirmToken,
  purgeUnconfirmed,
  requestSubscription,
  RESEND_AFTER_MS,
} from '@/subscriptions/store'
import { withFileDatabase } from '../../support/test-database'

let db: Db
withFileDatabase((opened) => (db = opened))

const DAY_MS = 24 * 60 * 60 * 1000
const start = new Date('2026-11-02T09:00:00Z')
const at = (ms: number) => new Date(start.getTime() + ms)
let unique = 0
const address = (label: string) => `${label}.${++unique}@example.com`

async function subscribed(email: string, topic: 'newsletter' | { modelId: string }, pence?: number) {
  const request = topic === 'newsletter' ? { topic, email } : { topic: 'price-alert' as const, ...topic, email }
  const requested = await requestSubscription(db, request, start)
  if (!requested) throw new Error('no confirmation link was made')
  await confirmSubscription(db, requested.token, { now: start, currentPence: pence })
  return requested.id
}

async function alertsTo(email: string) {
  return db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email))
}

const mailFor = (recipient: { email: string }, rise: { name: string; from: number; to: number }) => ({
  kind: 'price-alert',
  to: recipient.email,
  subject: `${rise.name}: ${rise.from} → ${rise.to}`,
  text: 'text',
  html: '<p>html</p>',
})

const published = (modelId: string, pence: number): PublishedPrice[] => [
  { _id: modelId, name: `Model ${modelId}`, href: `/sell-my-phone/${modelId}`, topPricePence: pence },
]

describe('double opt-in', () => {
  it('counts an address only once the link e-mailed to it is followed', async () => {
    const email = address('opt')
    const requested = await requestSubscription(db, { topic: 'newsletter', email }, start)
    expect(requested?.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect((await confirmedNewsletter(db)).map((row) => row.email)).not.toContain(email)
    await expect(confirmSubscription(db, requested!.token, { now: at(DAY_MS) })).resolves.toMatchObject({ email })
    expect((await confirmedNewsletter(db)).map((row) => row.email)).toContain(email)
  })

  it('stores the address lower-cased and keeps only a hash of the token', async () => {
    const email = address('Mixed.Case').replace('mixed', 'MiXeD')
    const requested = await requestSubscription(db, { topic: 'newsletter', email }, start)
    const [row] = await db.select().from(subscription).where(eq(subscription.id, requested!.id))
    expect(row?.email).toBe(email.toLowerCase())
    expect(row?.confirmTokenHash).toMatch(/^[0-9a-f]{64}$/)
    expect(JSON.stringify(row)).not.toContain(requested!.token)
  })

  it('confirms twice as once, and refuses a wrong or expired token', async () => {
    const email = address('twice')
    const requested = await requestSubscription(db, { topic: 'newsletter', email }, start)
    const first = await confirmSubscription(db, requested!.token, { now: at(1000) })
    const second = await confirmSubscription(db, requested!.token, { now: at(DAY_MS) })
    expect(second?.confirmedAt).toEqual(first?.confirmedAt)
    await expect(confirmSubscription(db, 'x'.repeat(43), { now: at(1000) })).resolves.toBeNull()

    const late = await requestSubscription(db, { topic: 'newsletter', email: address('late') }, start)
    await expect(
      confirmSubscription(db, late!.token, { now: at(CONFIRM_LINK_DAYS * DAY_MS + 1000) }),
    ).resolves.toBeNull()
  })

  it('sends no second link within the hour, nor any to a confirmed address, and a new one replaces the old', async () => {
    const email = address('again')
    const first = await requestSubscription(db, { topic: 'newsletter', email }, start)
    await expect(
      requestSubscription(db, { topic: 'newsletter', email }, at(RESEND_AFTER_MS - 1000)),
    ).resolves.toBeNull()
    const second = await requestSubscription(db, { topic: 'newsletter', email }, at(RESEND_AFTER_MS + 1000))
    expect(second?.id).toBe(first?.id)
    await expect(findByConfirmToken(db, first!.token, at(RESEND_AFTER_MS + 2000))).resolves.toBeNull()
    await confirmSubscription(db, second!.token, { now: at(RESEND_AFTER_MS + 2000) })
    await expect(requestSubscription(db, { topic: 'newsletter', email }, at(10 * DAY_MS))).resolves.toBeNull()
  })

  it('keeps the newsletter and each model’s alert apart for one address', async () => {
    const email = address('apart')
    const ids = await Promise.all([
      requestSubscription(db, { topic: 'newsletter', email }, start),
      requestSubscription(db, { topic: 'price-alert', modelId: 'model-a', email }, start),
      requestSubscription(db, { topic: 'price-alert', modelId: 'model-b', email }, start),
    ])
    expect(new Set(ids.map((id) => id?.id)).size).toBe(3)
  })

  it('stores no request whose confirmation e-mail could not be queued', async () => {
    const email = address('unsent')
    const failing = async () => {
      throw new Error('the outbox is unavailable')
    }
    await expect(requestSubscription(db, { topic: 'newsletter', email }, start, failing)).rejects.toThrow()
    expect(await db.select().from(subscription).where(eq(subscription.email, email))).toEqual([])
    // So asking again at once is not held back as a repeat: the e-mail goes this time.
    const sent: string[] = []
    const send = async (_tx: unknown, { id }: { id: string }) => void sent.push(id)
    const again = await requestSubscription(db, { topic: 'newsletter', email }, at(1000), send)
    expect(sent).toEqual([again!.id])
  })

  it('takes two requests at once for one address as one', async () => {
    const email = address('race')
    const both = await Promise.all([
      requestSubscription(db, { topic: 'newsletter', email }, start).catch(() => null),
      requestSubscription(db, { topic: 'newsletter', email }, start).catch(() => null),
    ])
    expect(both.filter(Boolean)).toHaveLength(1)
    expect(await db.select().from(subscription).where(eq(subscription.email, email))).toHaveLength(1)
  })

  it('deletes unconfirmed requests once their link has expired, and nothing confirmed', async () => {
    const stale = address('stale')
    const kept = address('kept')
    await requestSubscription(db, { topic: 'newsletter', email: stale }, start)
    await subscribed(kept, 'newsletter')
    const purged = await purgeUnconfirmed(db, at(CONFIRM_LINK_DAYS * DAY_MS + 1000))
    expect(purged).toBeGreaterThanOrEqual(1)
    expect(await db.select().from(subscription).where(eq(subscription.email, stale))).toEqual([])
    expect(await db.select().from(subscription).where(eq(subscription.email, kept))).toHaveLength(1)
  })

  it('unsubscribes by deleting the row; a second time finds nothing to delete', async () => {
    const id = await subscribed(address('leave'), 'newsletter')
    await expect(deleteSubscription(db, id)).resolves.toBe(true)
    await expect(deleteSubscription(db, id)).resolves.toBe(false)
  })
})

describe('price alerts', () => {
  it('e-mails each confirmed subscriber once when a publish raises the price; a replay e-mails nobody', async () => {
    const [ann, bob, cat] = [address('ann'), address('bob'), address('cat')]
    await subscribed(ann, { modelId: 'model-rise' }, 20_000)
    await subscribed(bob, { modelId: 'model-rise' }, 20_000)
    // Asked, never confirmed: hears nothing.
    await requestSubscription(db, { topic: 'price-alert', modelId: 'model-rise', email: cat }, start)

    await expect(alertRisenPrices(db, published('model-rise', 20_000), mailFor, at(DAY_MS))).resolves.toBe(0)
    await expect(alertRisenPrices(db, published('model-rise', 22_500), mailFor, at(DAY_MS))).resolves.toBe(2)
    for (const email of [ann, bob]) {
      expect((await alertsTo(email)).map((mail) => mail.subject)).toEqual(['Model model-rise: 20000 → 22500'])
    }
    expect(await alertsTo(cat)).toEqual([])
    // The same publish again (a replayed webhook, another instance), even days later.
    await expect(alertRisenPrices(db, published('model-rise', 22_500), mailFor, at(5 * DAY_MS))).resolves.toBe(0)
    expect(await alertsTo(ann)).toHaveLength(1)
  })

  it('lets only one of two runs that read the same old price alert its rise (two instances at once)', async () => {
    const jo = address('jo')
    await subscribed(jo, { modelId: 'model-twin' }, 7_000)
    const rise = { modelId: 'model-twin', from: 7_000, to: 8_000 }
    const queue = async () => {}
    const runs = await Promise.all([alertRise(db, rise, queue, at(DAY_MS)), alertRise(db, rise, queue, at(DAY_MS))])
    expect(runs.sort()).toEqual([0, 1])
  })

  it('alerts a price lowered and raised again only above the last price alerted', async () => {
    const dee = address('dee')
    await subscribed(dee, { modelId: 'model-dip' }, 30_000)
    await alertRisenPrices(db, published('model-dip', 25_000), mailFor, at(DAY_MS))
    await expect(alertRisenPrices(db, published('model-dip', 30_000), mailFor, at(2 * DAY_MS))).resolves.toBe(0)
    await expect(alertRisenPrices(db, published('model-dip', 31_000), mailFor, at(3 * DAY_MS))).resolves.toBe(1)
    expect((await alertsTo(dee)).map((mail) => mail.subject)).toEqual(['Model model-dip: 30000 → 31000'])
  })

  it('sends one address at most one alert a day, whichever models it follows', async () => {
    const eve = address('eve')
    await subscribed(eve, { modelId: 'model-x' }, 10_000)
    await subscribed(eve, { modelId: 'model-y' }, 10_000)
    const both = [...published('model-x', 11_000), ...published('model-y', 12_000)]
    await expect(alertRisenPrices(db, both, mailFor, at(DAY_MS))).resolves.toBe(1)
    const later = [...published('model-x', 11_000), ...published('model-y', 13_000)]
    await expect(alertRisenPrices(db, later, mailFor, at(DAY_MS + ALERT_EVERY_MS - 1000))).resolves.toBe(0)
    const next = [...published('model-x', 11_000), ...published('model-y', 14_000)]
    await expect(alertRisenPrices(db, next, mailFor, at(DAY_MS + ALERT_EVERY_MS + 1000))).resolves.toBe(1)
    expect(await alertsTo(eve)).toHaveLength(2)
  })

  it('starts from the price when the alert is confirmed, never below one already alerted', async () => {
    await subscribed(address('fay'), { modelId: 'model-base' }, 40_000)
    await subscribed(address('gus'), { modelId: 'model-base' }, 35_000)
    const [row] = await db.select().from(priceAlertPrice).where(eq(priceAlertPrice.modelId, 'model-base'))
    expect(row?.pence).toBe(40_000)
  })

  it('alerts nobody for a model that is no longer published', async () => {
    const hal = address('hal')
    await subscribed(hal, { modelId: 'model-gone' }, 9_000)
    await expect(alertRisenPrices(db, [], mailFor, at(DAY_MS))).resolves.toBe(0)
    expect(await alertsTo(hal)).toEqual([])
  })

  it('writes no e-mail when its transaction fails, and the rise is alerted on the next run', async () => {
    const ivy = address('ivy')
    await subscribed(ivy, { modelId: 'model-fail' }, 5_000)
    const failing = () => {
      throw new Error('the mail could not be rendered')
    }
    await expect(alertRisenPrices(db, published('model-fail', 6_000), failing, at(DAY_MS))).rejects.toThrow()
    expect(await alertsTo(ivy)).toEqual([])
    await expect(alertRisenPrices(db, published('model-fail', 6_000), mailFor, at(DAY_MS))).resolves.toBe(1)
  })
})
