import { and, eq } from 'drizzle-orm'
import { readDeviceList } from '@/collections/device-list'
import { addCollectionDevices } from '@/collections/devices-store'
import { collectionQuoteMail } from '@/collections/mail'
import {
  collectionQuoteHistory,
  sendCollectionQuote,
  valueCollectionDevice,
  type QuoteMail,
} from '@/collections/quote/quote-store'
import { quoteTimer } from '@/collections/statuses'
import { issueCollectionCertificate } from '@/collections/paperwork/paperwork-store'
import { countLateQuotes, listCollectionRequests, moveCollectionRequest } from '@/collections/store'
import type { EmailCopy, SiteSettings } from '@/content/types'
import type { Db } from '@/db/connection'
import { collectionDevice, collectionQuoteEvent, emailOutbox } from '@/db/schema'
import { calendarOf, workingDaysBefore } from '@/orders/record/working-days'
import {
  collectedWithDevices,
  collectionStaff,
  eraseAll,
  seedClosing,
  settleQuote,
} from '../../support/collection-fixture'
import { imeiFrom } from '../../support/imei'
import { seedWithFacts } from '../../support/seed-facts'
import { withFileDatabase } from '../../support/test-database'

/**
 * A business collection's quote on PGlite and on a PostgreSQL server: each device valued in pence
 * or marked recycle, each change an event; the quote refused while a device has neither, then sent
 * once however often it is posted, its e-mail listing every device's grade and value, the recycled ones in
 * the editors' words, the total and our waste carrier registration number.
 */
let db: Db
withFileDatabase((opened) => (db = opened))

let staff: Awaited<ReturnType<typeof collectionStaff>>
beforeAll(async () => {
  staff = await collectionStaff(db)
})

const GOOD = { key: 'good', name: 'Good' }
const FAULTY = { key: 'faulty', name: 'Faulty' }
const copy = () => seedWithFacts('emailCopy') as EmailCopy
const carrier = () => (seedWithFacts('siteSettings') as SiteSettings).wasteCarrierNumber
const mail: QuoteMail = (request, quote) => collectionQuoteMail(request, quote, copy(), carrier())

describe("a collection's quote", () => {
  it('values devices, refuses to send with one unvalued, then sends one e-mail with each value, the total and our carrier number', async () => {
    const { id, email, imeis } = await collectedWithDevices(db, staff, 3)
    expect(await valueCollectionDevice(db, id, 1, { kind: 'price', pence: 4550, grade: GOOD }, staff.by)).toEqual({
      kind: 'valued',
    })
    // The same value posted again writes nothing; a new one replaces it, with its own event.
    expect(await valueCollectionDevice(db, id, 1, { kind: 'price', pence: 4550, grade: GOOD }, staff.by)).toEqual({
      kind: 'unchanged',
    })
    expect(await valueCollectionDevice(db, id, 2, { kind: 'price', pence: 1000, grade: GOOD }, staff.by)).toEqual({
      kind: 'valued',
    })
    expect(await valueCollectionDevice(db, id, 2, { kind: 'price', pence: 12000, grade: GOOD }, staff.by)).toEqual({
      kind: 'valued',
    })

    expect(await sendCollectionQuote(db, id, staff.by, mail)).toEqual({
      kind: 'refused',
      code: 'notValued',
      count: 1,
    })
    const none = await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email))
    expect(none.filter((row) => row.kind === 'collection-quote')).toHaveLength(0)

    expect(await valueCollectionDevice(db, id, 3, { kind: 'recycle', grade: FAULTY }, staff.by)).toEqual({
      kind: 'valued',
    })
    const [first, second] = await Promise.all([
      sendCollectionQuote(db, id, staff.by, mail),
      sendCollectionQuote(db, id, staff.by, mail),
    ])
    expect([first, second]).toContainEqual({ kind: 'sent', totalPence: 16550 })
    expect([first, second]).toContainEqual({ kind: 'already' })
    expect(await sendCollectionQuote(db, id, staff.by, mail)).toEqual({ kind: 'already' })

    const sent = (await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email))).filter(
      (row) => row.kind === 'collection-quote',
    )
    expect(sent).toHaveLength(1)
    // Linked to its request: deleted with it, or when its contact is removed (retention).
    expect(sent[0]!.collectionRequestId).toBe(id)
    const text = sent[0]!.textBody
    expect(sent[0]!.subject).toMatch(/^Your quote for the 3 devices we collected from Acme /)
    expect(text).toContain(`Apple iPhone 12 (IMEI ${imeis[0]}), graded Good: £45.50`)
    expect(text).toContain(`Apple iPhone 12 (IMEI ${imeis[1]}), graded Good: £120.00`)
    expect(text).toContain(`Apple iPhone 12 (IMEI ${imeis[2]}), graded Faulty: ${copy().collectionQuoteRecycled}`)
    expect(text).toContain('Total: £165.50')
    expect(carrier()).toMatch(/^CBDU\d+$/)
    expect(text).toContain(`Our waste carrier registration number is ${carrier()}.`)
    expect(text).not.toMatch(/\{[a-zA-Z]+\}/)

    // Who and when: three values (the repeat wrote none) and the quote sent, once.
    const history = await collectionQuoteHistory(db, id)
    expect(history.events.map((event) => [event.device?.imei ?? null, event.valuePence, event.recycle])).toEqual([
      [imeis[0], 4550, false],
      [imeis[1], 1000, false],
      [imeis[1], 12000, false],
      [imeis[2], null, true],
      [null, 16550, false],
    ])
    expect(history.sent).toMatchObject({ actorName: 'Robin Bench', totalPence: 16550 })
  })

  it('keeps its values once sent: a change is refused and the device keeps what the business was told', async () => {
    const { id } = await collectedWithDevices(db, staff, 1)
    await valueCollectionDevice(db, id, 1, { kind: 'price', pence: 2500, grade: GOOD }, staff.by)
    expect(await sendCollectionQuote(db, id, staff.by, mail)).toMatchObject({ kind: 'sent' })
    expect(await valueCollectionDevice(db, id, 1, { kind: 'recycle', grade: FAULTY }, staff.by)).toEqual({
      kind: 'refused',
      code: 'quoteSent',
    })
    const [device] = await db.select().from(collectionDevice).where(eq(collectionDevice.requestId, id))
    expect([device!.valuePence, device!.recycle]).toEqual([2500, false])
    // Nor can a device be added: the quote would leave it out.
    const more = readDeviceList(`Apple, iPhone 12, ${imeiFrom(990_001)}`)
    if (!more.ok) throw new Error(more.problem)
    expect(await addCollectionDevices(db, id, more.devices, staff.by)).toEqual({ kind: 'refused', code: 'quoteSent' })
  })

  it('grades each device with its value: a new grade is a change with its event, none is refused, and once sent the grade stays', async () => {
    const { id } = await collectedWithDevices(db, staff, 2)
    expect(await valueCollectionDevice(db, id, 1, { kind: 'price', pence: 3000, grade: GOOD }, staff.by)).toEqual({
      kind: 'valued',
    })
    // The same value with another grade is a change: written, with who and the grade in its event.
    const excellent = { key: 'excellent', name: 'Excellent' }
    expect(await valueCollectionDevice(db, id, 1, { kind: 'price', pence: 3000, grade: excellent }, staff.by)).toEqual({
      kind: 'valued',
    })
    expect(await valueCollectionDevice(db, id, 1, { kind: 'price', pence: 3000, grade: excellent }, staff.by)).toEqual({
      kind: 'unchanged',
    })
    // A device valued before grades were kept (no grade) holds the quote back like one not valued.
    await db
      .update(collectionDevice)
      .set({ valuePence: 900 })
      .where(and(eq(collectionDevice.requestId, id), eq(collectionDevice.position, 2)))
    expect(await sendCollectionQuote(db, id, staff.by, mail)).toEqual({ kind: 'refused', code: 'notValued', count: 1 })
    expect(await valueCollectionDevice(db, id, 2, { kind: 'recycle', grade: FAULTY }, staff.by)).toEqual({
      kind: 'valued',
    })
    expect(await sendCollectionQuote(db, id, staff.by, mail)).toMatchObject({ kind: 'sent', totalPence: 3000 })
    // Sent: a new grade is refused, twice over, and nothing is written.
    for (let attempt = 0; attempt < 2; attempt++)
      expect(await valueCollectionDevice(db, id, 1, { kind: 'price', pence: 3000, grade: FAULTY }, staff.by)).toEqual({
        kind: 'refused',
        code: 'quoteSent',
      })
    const devices = await db.select().from(collectionDevice).where(eq(collectionDevice.requestId, id))
    expect(devices.map((device) => [device.position, device.gradeKey, device.gradeName]).sort()).toEqual([
      [1, 'excellent', 'Excellent'],
      [2, 'faulty', 'Faulty'],
    ])
    const events = await db.select().from(collectionQuoteEvent).where(eq(collectionQuoteEvent.requestId, id))
    expect(events.map((event) => [event.gradeKey, event.actorName])).toEqual([
      ['good', 'Robin Bench'],
      ['excellent', 'Robin Bench'],
      ['faulty', 'Robin Bench'],
      [null, 'Robin Bench'],
    ])
    // The database refuses a grade's key without its name.
    const where = and(eq(collectionDevice.requestId, id), eq(collectionDevice.position, 1))
    await expect(db.update(collectionDevice).set({ gradeName: null }).where(where)).rejects.toThrow()
  })

  it('refuses a device of another collection, an unknown position, a collection not collected, and a value and recycle at once', async () => {
    const { id } = await collectedWithDevices(db, staff, 1)
    expect(await valueCollectionDevice(db, id, 2, { kind: 'recycle', grade: FAULTY }, staff.by)).toEqual({
      kind: 'refused',
      code: 'notFound',
    })
    expect(await valueCollectionDevice(db, 'not-an-id', 1, { kind: 'recycle', grade: FAULTY }, staff.by)).toEqual({
      kind: 'refused',
      code: 'notFound',
    })
    await settleQuote(db, staff, id)
    await eraseAll(db, staff, id)
    await issueCollectionCertificate(db, id, staff.by)
    // Closed, it is no longer collected: neither a value nor the quote.
    expect(
      await moveCollectionRequest(
        db,
        { id, from: 'collected', to: 'closed', reason: 'x', actor: staff.actor },
        new Date(),
        seedClosing(),
      ),
    ).toEqual({ ok: true })
    expect(await valueCollectionDevice(db, id, 1, { kind: 'recycle', grade: FAULTY }, staff.by)).toMatchObject({
      kind: 'refused',
    })
    // Its quote was sent before it could close: sent again, nothing is.
    expect(await sendCollectionQuote(db, id, staff.by, mail)).toEqual({ kind: 'already' })
    // The database itself refuses a price with recycle, and a price of nothing.
    const where = and(eq(collectionDevice.requestId, id), eq(collectionDevice.position, 1))
    await expect(db.update(collectionDevice).set({ valuePence: 100, recycle: true }).where(where)).rejects.toThrow()
    await expect(db.update(collectionDevice).set({ valuePence: 0 }).where(where)).rejects.toThrow()
    // Only its value and its sending, made before the close.
    const events = await db.select().from(collectionQuoteEvent).where(eq(collectionQuoteEvent.requestId, id))
    expect(events).toHaveLength(2)
  })

  it('is due within the working days of the collection, late after them, and neither before it nor once sent', async () => {
    const { id } = await collectedWithDevices(db, staff, 1)
    const calendar = calendarOf([])
    const row = (await listCollectionRequests(db)).find((request) => request.id === id)!
    expect(row.quoteSent).toBe(false)
    // The list reads when it was collected from its history.
    expect(row.collectedAt).toBeInstanceOf(Date)
    expect(Math.abs(row.collectedAt!.getTime() - Date.now())).toBeLessThan(60_000)
    // Collected on a Tuesday: due on the Thursday, late on the Friday (two working days later).
    const asked = { ...row, collectedAt: new Date('2026-11-24T10:00:00Z') }
    expect(quoteTimer(asked, new Date('2026-11-26T09:00:00Z'), 2, calendar)).toBe('due')
    expect(quoteTimer(asked, new Date('2026-11-26T11:00:00Z'), 2, calendar)).toBe('late')
    expect(quoteTimer({ ...asked, status: 'closed' }, new Date('2026-12-26T11:00:00Z'), 2, calendar)).toBeNull()
    // Not collected yet: no quote can be made, so none is due.
    expect(
      quoteTimer({ ...asked, status: 'booked', collectedAt: null }, new Date('2026-12-26T11:00:00Z'), 2, calendar),
    ).toBeNull()

    await valueCollectionDevice(db, id, 1, { kind: 'recycle', grade: FAULTY }, staff.by)
    await sendCollectionQuote(db, id, staff.by, mail)
    const sent = (await listCollectionRequests(db)).find((request) => request.id === id)!
    expect(sent.quoteSent).toBe(true)
    expect(
      quoteTimer({ ...sent, collectedAt: asked.collectedAt }, new Date('2026-12-26T11:00:00Z'), 2, calendar),
    ).toBeNull()
  })

  it('is counted late on the staff home only once its working days from the collection have passed, and not once sent', async () => {
    const { id } = await collectedWithDevices(db, staff, 1)
    const calendar = calendarOf([])
    const collected = (await listCollectionRequests(db)).find((request) => request.id === id)!.collectedAt!
    const day = 24 * 3600 * 1000
    const justAfter = new Date(collected.getTime() + 60_000)
    // A week on, whatever the weekday, two working days have passed.
    const weekOn = new Date(collected.getTime() + 7 * day)
    const quotesLate = (at: Date) => countLateQuotes(db, workingDaysBefore(at, 2, calendar))
    const [early, late] = [await quotesLate(justAfter), await quotesLate(weekOn)]
    // The list's timer agrees with the count.
    expect(quoteTimer({ status: 'collected', collectedAt: collected, quoteSent: false }, weekOn, 2, calendar)).toBe(
      'late',
    )

    await valueCollectionDevice(db, id, 1, { kind: 'recycle', grade: FAULTY }, staff.by)
    await sendCollectionQuote(db, id, staff.by, mail)
    // Sent: it leaves the week-on count it was in, and the just-collected count it was never in.
    expect(await quotesLate(weekOn)).toBe(late - 1)
    expect(await quotesLate(justAfter)).toBe(early)
  })
})
