import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import {
  collectionRequestsOf,
  eraseCollectionRequestsOf,
  getCollectionRequest,
  listCollectionRequests,
  moveCollectionRequest,
  recordCollectionRequest,
} from '@/collections/store'
import type { CollectionInput } from '@/collections/validation'
import { collectionRequestedMail } from '@/collections/mail'
import type { EmailCopy } from '@/content/types'
import type { Db } from '@/db/connection'
import { collectionRequest, collectionRequestEvent, emailOutbox, user } from '@/db/schema'
import type { QueuedEmail } from '@/mail/queue'
import { seedWithFacts } from '../../support/seed-facts'
import { withFileDatabase } from '../../support/test-database'

let db: Db
withFileDatabase((opened) => (db = opened))

const tag = () => `t${randomUUID().slice(0, 8)}`
const request = (over: Partial<CollectionInput> = {}): CollectionInput => ({
  organisation: 'Acme Trading Ltd',
  contactName: 'Jo Bloggs',
  email: `jo.${tag()}@example.com`,
  phone: '0113 496 0000',
  address: 'Unit 4, Mill Lane\nLeeds',
  postcode: 'LS1 4AB',
  deviceCount: 24,
  devices: '20 iPhone 11\n4 iPad Air',
  preferredDates: 'Any Tuesday in March',
  sicCode: null,
  ...over,
})
// The words are the mail's own test's (collection-mail); here only that one is queued with the row.
const acknowledgement = (row: { id: string; email: string }): QueuedEmail => ({
  to: row.email,
  subject: `Collection ${row.id}`,
  text: 'Thank you',
  html: '<p>Thank you</p>',
  kind: 'collection-requested',
})
const record = (input: CollectionInput, at = new Date()) => recordCollectionRequest(db, input, acknowledgement, at)

async function staffMember(name: string) {
  const id = randomUUID()
  await db.insert(user).values({ id, name, email: `${id}@example.com`, role: 'staff', twoFactorEnabled: true })
  return { userId: id, name }
}

describe('recording a collection request', () => {
  it('stores every field, the address lower-cased, as requested, and queues its acknowledgement with it', async () => {
    const input = request({ email: 'Jo.Bloggs@Example.COM' })
    const id = await record(input)

    const stored = await getCollectionRequest(db, id)
    expect(stored).toMatchObject({ ...input, email: 'jo.bloggs@example.com', status: 'requested', events: [] })
    const queued = await db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.subject, `Collection ${id}`))
    expect(queued).toMatchObject([{ kind: 'collection-requested', toAddress: 'jo.bloggs@example.com' }])
  })

  it("e-mails the business a copy of its request, in the E-mails document's words, in the transaction that keeps it", async () => {
    // The seed's own words, with its site facts written in: what a new dataset sends.
    const copy = seedWithFacts('emailCopy') as EmailCopy
    const email = `jo.${tag()}@example.com`
    const id = await recordCollectionRequest(db, request({ email }), (row) => collectionRequestedMail(row, copy))
    const queued = await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email))
    expect(queued).toHaveLength(1)
    expect(queued[0]).toMatchObject({
      kind: 'collection-requested',
      subject: 'We have your collection request for 24 devices',
      status: 'pending',
    })
    const text = queued[0]!.textBody
    expect(text).toMatch(/^Hello Jo Bloggs,\n/)
    expect(text).toContain('Thank you for asking us to collect from Acme Trading Ltd. We have your request')
    expect(text).toContain('24 devices\n20 iPhone 11\n4 iPad Air')
    expect(text).toContain('Unit 4, Mill Lane\nLeeds\nLS1 4AB')
    expect(text).toContain('Dates that suit you: Any Tuesday in March')
    expect(text).not.toContain('{')
    expect(await getCollectionRequest(db, id)).not.toBeNull()
  })

  it('keeps neither the request nor its e-mail when the e-mail cannot be queued', async () => {
    const email = `jo.${tag()}@example.com`
    const broken = () => {
      throw new Error('no words')
    }
    await expect(recordCollectionRequest(db, request({ email }), broken)).rejects.toThrow('no words')
    expect(await collectionRequestsOf(db, email)).toEqual([])
  })

  it('refuses a count of no devices and an unknown status in the database itself', async () => {
    await expect(record(request({ deviceCount: 0 }))).rejects.toThrow()
    const id = await record(request())
    await expect(
      db.update(collectionRequest).set({ status: 'lost' }).where(eq(collectionRequest.id, id)),
    ).rejects.toThrow()
  })
})

describe('the staff list', () => {
  it('lists the newest first', async () => {
    const base = Date.now() + 365 * 86_400_000
    const older = await record(request({ organisation: 'Older Ltd' }), new Date(base))
    const newer = await record(request({ organisation: 'Newer Ltd' }), new Date(base + 60_000))
    const listed = await listCollectionRequests(db)
    expect(listed.slice(0, 2).map((row) => row.id)).toEqual([newer, older])
    expect(listed[0]).toMatchObject({
      organisation: 'Newer Ltd',
      deviceCount: 24,
      status: 'requested',
      postcode: 'LS1 4AB',
    })
  })
})

describe('moving a request', () => {
  it('moves from the status seen, with an event saying who, when and why', async () => {
    const id = await record(request())
    const sam = await staffMember('Sam Staff')
    const at = new Date('2027-03-02T09:00:00Z')
    for (const [from, to, reason] of [
      ['requested', 'booked', 'Van booked for 9 March'],
      ['booked', 'collected', '24 devices taken'],
    ] as const) {
      await expect(moveCollectionRequest(db, { id, from, to, reason, actor: sam }, at)).resolves.toEqual({ ok: true })
    }
    const stored = await getCollectionRequest(db, id)
    expect(stored?.status).toBe('collected')
    expect(stored?.statusChangedAt).toEqual(at)
    expect(
      stored?.events.map(({ fromStatus, toStatus, reason, actorName, actorUserId }) => ({
        fromStatus,
        toStatus,
        reason,
        actorName,
        actorUserId,
      })),
    ).toEqual([
      {
        fromStatus: 'requested',
        toStatus: 'booked',
        reason: 'Van booked for 9 March',
        actorName: 'Sam Staff',
        actorUserId: sam.userId,
      },
      {
        fromStatus: 'booked',
        toStatus: 'collected',
        reason: '24 devices taken',
        actorName: 'Sam Staff',
        actorUserId: sam.userId,
      },
    ])
  })

  it('of two moves made from one view, takes only the first, and writes one event', async () => {
    const id = await record(request())
    const sam = await staffMember('Sam Staff')
    const [first, second] = await Promise.all([
      moveCollectionRequest(db, { id, from: 'requested', to: 'booked', reason: 'a', actor: sam }),
      moveCollectionRequest(db, { id, from: 'requested', to: 'closed', reason: 'b', actor: sam }),
    ])
    expect([first, second]).toContainEqual({ ok: true })
    expect([first, second]).toContainEqual({ ok: false, code: 'moved', status: expect.stringMatching(/booked|closed/) })
    const events = await db.select().from(collectionRequestEvent).where(eq(collectionRequestEvent.requestId, id))
    expect(events).toHaveLength(1)
  })

  it('refuses a move the table has not (requested to collected), and an unknown or malformed id', async () => {
    const id = await record(request())
    const sam = await staffMember('Sam Staff')
    const move = { from: 'requested', to: 'collected', reason: 'x', actor: sam } as const
    await expect(moveCollectionRequest(db, { ...move, id })).resolves.toEqual({ ok: false, code: 'notAllowed' })
    const booked = { from: 'requested', to: 'booked', reason: 'x', actor: sam } as const
    await expect(moveCollectionRequest(db, { ...booked, id: randomUUID() })).resolves.toEqual({
      ok: false,
      code: 'notFound',
    })
    await expect(moveCollectionRequest(db, { ...booked, id: 'not-an-id' })).resolves.toEqual({
      ok: false,
      code: 'notFound',
    })
    expect((await getCollectionRequest(db, id))?.status).toBe('requested')
  })

  it("keeps the staff member's name in the history after their account is deleted", async () => {
    const id = await record(request())
    const sam = await staffMember('Sam Staff')
    await moveCollectionRequest(db, { id, from: 'requested', to: 'booked', reason: 'Booked', actor: sam })
    await db.delete(user).where(eq(user.id, sam.userId))
    const [event] = (await getCollectionRequest(db, id))!.events
    expect(event).toMatchObject({ actorUserId: null, actorName: 'Sam Staff', reason: 'Booked' })
  })
})

describe("the requester's data", () => {
  it('finds every request made with the address, whatever its case, and erases them with their history', async () => {
    const email = `jo.${tag()}@example.com`
    const id = await record(request({ email }))
    await record(request({ email: email.toUpperCase() }))
    const other = await record(request())
    const sam = await staffMember('Sam Staff')
    await moveCollectionRequest(db, { id, from: 'requested', to: 'booked', reason: 'Booked', actor: sam })

    const found = await collectionRequestsOf(db, email.toUpperCase())
    expect(found).toHaveLength(2)
    expect(found[0]?.events).toHaveLength(1)
    await expect(eraseCollectionRequestsOf(db, email)).resolves.toBe(2)
    expect(await collectionRequestsOf(db, email)).toEqual([])
    expect(await db.select().from(collectionRequestEvent).where(eq(collectionRequestEvent.requestId, id))).toEqual([])
    expect(await getCollectionRequest(db, other)).not.toBeNull()
  })
})
