import { eq } from 'drizzle-orm'
import { applyCollectionRetention } from '@/collections/retention'
import { collectionDevices } from '@/collections/devices-store'
import { collectionDocumentOf, wasteNoteByNumber } from '@/collections/paperwork/paperwork-store'
import { eraseCollectionRequestsOf, getCollectionRequest, moveCollectionRequest } from '@/collections/store'
import type { ContactInboxCopy } from '@/content/types'
import type { Db } from '@/db/connection'
import { collectionRequestEvent, emailOutbox } from '@/db/schema'
import {
  closedWithDevices,
  collected,
  collectedWithDevices,
  collectionStaff,
  seedClosing,
  seedSiteEntries,
} from '../../support/collection-fixture'
import { seedWithFacts } from '../../support/seed-facts'
import { withFileDatabase } from '../../support/test-database'

/**
 * How long a business collection request is kept, on PGlite and on a PostgreSQL server: one that
 * ended with nothing collected goes whole after the contact messages' days; one whose devices came
 * in keeps its record and loses its contact the set years after its waste transfer note.
 */
let db: Db
withFileDatabase((opened) => (db = opened))

let staff: Awaited<ReturnType<typeof collectionStaff>>
beforeAll(async () => {
  staff = await collectionStaff(db)
})

const DAY = 24 * 3600 * 1000
// The seed's periods: a request is kept as long as a contact message (90 days), a contact 2 years.
const inbox = seedWithFacts('contactInboxCopy') as ContactInboxCopy
const retention = { emptyDays: inbox.retentionDays, contactYears: inbox.collectionContactYears }
const run = (now: Date) => applyCollectionRetention(db, retention, seedSiteEntries(), now)
const emailsOf = (id: string) => db.select().from(emailOutbox).where(eq(emailOutbox.collectionRequestId, id))
const eventsOf = (id: string) =>
  db.select().from(collectionRequestEvent).where(eq(collectionRequestEvent.requestId, id))

describe('a request that ended with nothing collected', () => {
  it('is deleted with its history and its e-mails the contact messages’ days after it closed, and not before', async () => {
    const closedAt = new Date('2031-01-10T12:00:00Z')
    // Collected, the van came back empty; and one closed before anyone went (never booked).
    const { id: empty } = await collected(db, staff)
    const close = { id: empty, from: 'collected', to: 'closed', reason: 'Nothing there', actor: staff.actor } as const
    expect(await moveCollectionRequest(db, close, closedAt, seedClosing())).toEqual({ ok: true })
    const { id: cancelled } = await collected(db, staff)
    await moveCollectionRequest(db, { ...close, id: cancelled }, new Date(closedAt.getTime() + DAY), seedClosing())
    // Still open however old, and one that brought devices: neither is deleted.
    const { id: open } = await collected(db, staff)
    const { id: withDevices } = await closedWithDevices(db, staff, 1, closedAt)
    expect(await emailsOf(empty)).toHaveLength(1)

    const justBefore = await run(new Date(closedAt.getTime() + retention.emptyDays * DAY - 60_000))
    expect(await getCollectionRequest(db, empty)).not.toBeNull()
    expect(justBefore.deleted).toBe(0)

    const after = await run(new Date(closedAt.getTime() + retention.emptyDays * DAY + 60_000))
    expect(after.deleted).toBeGreaterThanOrEqual(1)
    expect(await getCollectionRequest(db, empty)).toBeNull()
    expect(await eventsOf(empty)).toEqual([])
    expect(await emailsOf(empty)).toEqual([])
    // A day later closed, a day later deleted.
    expect(await getCollectionRequest(db, cancelled)).not.toBeNull()
    expect(await getCollectionRequest(db, open)).not.toBeNull()
    expect(await getCollectionRequest(db, withDevices)).toMatchObject({ contactName: 'Jo Bloggs' })
    await run(new Date(closedAt.getTime() + (retention.emptyDays + 1) * DAY + 60_000))
    expect(await getCollectionRequest(db, cancelled)).toBeNull()
  })
})

describe('a request whose devices came in', () => {
  it('keeps its record and loses its contact the set years after its waste transfer note, once, saying so in its history', async () => {
    const closedAt = new Date('2031-06-01T09:00:00Z')
    const { id, email } = await closedWithDevices(db, staff, 2, closedAt)
    const note = await collectionDocumentOf(db, id, 'waste-note')
    expect(note?.issuedAt).toEqual(closedAt)
    expect((await emailsOf(id)).map((mail) => mail.kind).sort()).toEqual([
      'collection-closed',
      'collection-quote',
      'collection-requested',
    ])
    const due = new Date(closedAt)
    due.setUTCFullYear(due.getUTCFullYear() + retention.contactYears)

    await run(new Date(due.getTime() - DAY))
    expect(await getCollectionRequest(db, id)).toMatchObject({ contactName: 'Jo Bloggs', email })

    const done = await run(new Date(due.getTime() + 60_000))
    expect(done.contactsRemoved).toBeGreaterThanOrEqual(1)
    const kept = await getCollectionRequest(db, id)
    expect(kept).toMatchObject({
      contactName: '',
      email: '',
      phone: '',
      address: 'Unit 4, Mill Lane\nLeeds',
      postcode: 'LS1 4AB',
      status: 'closed',
    })
    expect(kept!.organisation).toMatch(/^Acme /)
    // The record the law and the ledger ask for: the devices, the certificate, the note with the business's address.
    expect(await collectionDevices(db, id)).toHaveLength(2)
    expect(await collectionDocumentOf(db, id, 'certificate')).not.toBeNull()
    expect(await wasteNoteByNumber(db, note!.number)).toMatchObject({ organisation: kept!.organisation, count: 2 })
    // The e-mails named the person: they go.
    expect(await emailsOf(id)).toEqual([])
    expect(kept!.events.at(-1)).toMatchObject({
      actorUserId: null,
      actorName: 'Automatic',
      fromStatus: 'closed',
      toStatus: 'closed',
      reason: seedSiteEntries().contactRemoved(retention.contactYears).reason,
    })
    expect(kept!.events.at(-1)!.reason).toContain(`${retention.contactYears} years`)

    // Run again, every minute after: nothing more to do, no second entry.
    const count = kept!.events.length
    await run(new Date(due.getTime() + DAY))
    expect(await eventsOf(id)).toHaveLength(count)
  })

  it('leaves a collection not yet closed, and one whose contact already asked to be forgotten, as they are', async () => {
    const longAgo = new Date('2031-09-01T09:00:00Z')
    const { id: open } = await collectedWithDevices(db, staff, 1)
    const { id: forgotten, email } = await closedWithDevices(db, staff, 1, longAgo)
    await eraseCollectionRequestsOf(db, email)
    const before = (await eventsOf(forgotten)).length

    await run(new Date('2040-01-01T00:00:00Z'))
    expect(await getCollectionRequest(db, open)).toMatchObject({ contactName: 'Jo Bloggs', status: 'collected' })
    expect(await eventsOf(forgotten)).toHaveLength(before)
  })
})
