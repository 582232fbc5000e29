import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import type { EmailCopy } from '@/content/types'
import type { Db } from '@/db/connection'
import { emailOutbox, policyMailing, sellerOrder, subscription, user } from '@/db/schema'
import { ERASED_ORDER } from '@/orders/record/order-record'
import { policyChangedMail } from '@/subscriptions/policy-mail'
import { mailPolicyChanges, type PolicyChange } from '@/subscriptions/policy-mailing'
import { seedWithFacts } from '../../support/seed-facts'
import { withFileDatabase } from '../../support/test-database'

/**
 * The privacy policy's promise to e-mail people about a significant change: every address whose
 * data we hold, once, whatever its case or sources, never twice across runs, instances or a stop.
 * On PGlite and, with DATABASE_URL, on PostgreSQL.
 */
let db: Db
withFileDatabase((opened) => (db = opened))

const HOUR = 3_600_000
const DAY = 24 * HOUR
const now = new Date('2026-12-01T09:00:00Z')
const before = new Date(now.getTime() - DAY)
const after = new Date(now.getTime() + HOUR)
const context = { copy: seedWithFacts('emailCopy') as EmailCopy, origin: 'https://shop.example' }
const mail = (to: string, change: PolicyChange) => policyChangedMail(to, change, context)

let changes = 0
const change = (set: Partial<PolicyChange> = {}): PolicyChange => ({
  _id: `policy-change-${++changes}`,
  changedOn: '2026-12-15',
  summary: 'We now keep contact messages for 90 days instead of 30.',
  tellByEmail: true,
  pageTitle: 'Privacy policy',
  path: '/privacy-policy',
  ...set,
})

const account = (email: string, emailVerified: boolean, createdAt = before) =>
  db.insert(user).values({ id: randomUUID(), name: 'A Person', email, emailVerified, createdAt })
let references = 0
const order = (email: string, placedAt = before) =>
  db
    .insert(sellerOrder)
    .values({ reference: `HB-POLICY-${++references}`, status: 'paid', totalPence: 1000, email, placedAt })
    .returning({ id: sellerOrder.id })
const subscriber = (email: string, confirmedAt: Date | null, topic: 'newsletter' | 'price-alert' = 'newsletter') =>
  db.insert(subscription).values({
    topic,
    modelId: topic === 'price-alert' ? 'model-iphone-13' : null,
    email,
    requestedAt: new Date(before.getTime() - HOUR),
    confirmedAt,
  })

/** The addresses policy e-mails went to since the test began, sorted, repeats kept. */
async function mailed() {
  const rows = await db
    .select({ to: emailOutbox.toAddress })
    .from(emailOutbox)
    .where(eq(emailOutbox.kind, 'policy-changed'))
  return rows.map((row) => row.to).sort()
}

/** Five people whose data we hold, and five whose data is gone or came too late. */
async function people() {
  await account('Alice@Example.com', true)
  await order('ALICE@example.COM')
  await subscriber('alice@example.com', before)
  await order('Bob@Example.com')
  await subscriber('cara@example.com', before, 'price-alert')
  await account('dan@example.com', true)
  await subscriber('dan@example.com', before, 'price-alert')
  await order('eve@example.com')
  // Not ours to mail: an unverified account, an order anonymised by retention, an unconfirmed
  // subscriber, and records made after the mailing started.
  await account('uma@example.com', false)
  const [anonymised] = await order('ann@example.com')
  await db.update(sellerOrder).set(ERASED_ORDER).where(eq(sellerOrder.id, anonymised!.id))
  await subscriber('una@example.com', null)
  await account('late@example.com', true, after)
  await order('later@example.com', after)
  await subscriber('latest@example.com', after)
}
const HELD = ['alice@example.com', 'bob@example.com', 'cara@example.com', 'dan@example.com', 'eve@example.com']

beforeEach(async () => {
  await db.execute(sql`delete from email_outbox`)
  await db.execute(sql`delete from policy_mailing`)
  await db.execute(sql`delete from subscription`)
  await db.execute(sql`delete from seller_order`)
  await db.execute(sql`delete from "user"`)
  await people()
})

describe('a policy change ticked to be told', () => {
  it('e-mails each address whose data we hold once, whatever its letter case or sources', async () => {
    const changed = change()
    await expect(mailPolicyChanges(db, [changed], mail, { now })).resolves.toBe(HELD.length)
    expect(await mailed()).toEqual(HELD)
    const [one] = await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'alice@example.com'))
    expect(one?.textBody).toContain('We now keep contact messages for 90 days instead of 30.')
    expect(one?.textBody).toContain('https://shop.example/privacy-policy')
    expect(one?.textBody).toContain('15 December 2026')
    const [mailing] = await db.select().from(policyMailing).where(eq(policyMailing.changeId, changed._id))
    expect(mailing).toMatchObject({ sent: HELD.length, startedAt: now })
    expect(mailing?.finishedAt).not.toBeNull()
    // The table keeps no address: its cursor is a hash.
    expect(mailing?.cursor).toMatch(/^[0-9a-f]{64}$/)
  })

  it('mails nothing for a change not ticked, or one that took effect more than 30 days ago', async () => {
    const unticked = change({ tellByEmail: false })
    const stale = change({ changedOn: '2026-10-31' })
    await expect(mailPolicyChanges(db, [unticked, stale], mail, { now })).resolves.toBe(0)
    expect(await mailed()).toEqual([])
    expect(await db.select().from(policyMailing)).toEqual([])
    // Thirty days ago is still in time.
    await expect(mailPolicyChanges(db, [change({ changedOn: '2026-11-01' })], mail, { now })).resolves.toBe(5)
  })

  it('sends nothing twice: a second run, and four runs at once', async () => {
    const changed = change()
    await mailPolicyChanges(db, [changed], mail, { now, batch: 2 })
    await expect(mailPolicyChanges(db, [changed], mail, { now: after, batch: 2 })).resolves.toBe(0)
    // Four instances at once, a batch an address: each batch is a race for the same cursor.
    const together = change()
    const counts = await Promise.all([1, 2, 3, 4].map(() => mailPolicyChanges(db, [together], mail, { now, batch: 1 })))
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(HELD.length)
    // Each address once for each of the two changes.
    expect(await mailed()).toEqual([...HELD, ...HELD].sort())
  })

  it('resumes a run stopped after one batch with the rest', async () => {
    const changed = change()
    await expect(mailPolicyChanges(db, [changed], mail, { now, batch: 2, batches: 1 })).resolves.toBe(2)
    const [stopped] = await db.select().from(policyMailing)
    expect(stopped).toMatchObject({ sent: 2, finishedAt: null })
    // Someone who signs up while it waits is not mailed about the change.
    await account('newcomer@example.com', true, after)
    await expect(mailPolicyChanges(db, [changed], mail, { now: after, batch: 2 })).resolves.toBe(3)
    expect(await mailed()).toEqual(HELD)
  })
})
