import { eq } from 'drizzle-orm'
import { collectionQuoteMail } from '@/collections/mail'
import { paperworkPdf } from '@/collections/paperwork/paperwork-pdf'
import { collectionDocumentOf, issueCollectionCertificate } from '@/collections/paperwork/paperwork-store'
import { sendCollectionQuote, valueCollectionDevice, type QuoteMail } from '@/collections/quote/quote-store'
import { collectionReportContent } from '@/collections/paperwork/report-content'
import { readReportToken, reportToken } from '@/collections/paperwork/report-link'
import { collectionReportByNumber } from '@/collections/paperwork/report-store'
import { moveCollectionRequest } from '@/collections/store'
import { wasteNoteToken } from '@/collections/paperwork/waste-note-link'
import type { EmailCopy, OrderCopy, SiteSettings } from '@/content/types'
import type { Db } from '@/db/connection'
import { collectionDevice, emailOutbox, stockDevice } from '@/db/schema'
import { formatCertificateCode } from '@/stock/certificate-code'
import {
  collectedWithDevices,
  collectionStaff,
  eraseAll,
  markQuotePaid,
  seedClosing,
} from '../../support/collection-fixture'
import { pdfText } from '../../support/pdf-text'
import { seedWithFacts } from '../../support/seed-facts'
import { withFileDatabase } from '../../support/test-database'

/**
 * A business collection's itemised report on PGlite and on a PostgreSQL server: issued once, with
 * the waste transfer note, when the collection closes; listing every device with its grade, its
 * value and whether it was reused or recycled (the stock ledger's end preferred to the quote's),
 * with the totals; opened only by its own signed key.
 */
let db: Db
withFileDatabase((opened) => (db = opened))

let staff: Awaited<ReturnType<typeof collectionStaff>>
beforeAll(async () => {
  staff = await collectionStaff(db)
})

const copy = () => seedWithFacts('emailCopy') as EmailCopy
const mail: QuoteMail = (request, quote) =>
  collectionQuoteMail(request, quote, copy(), (seedWithFacts('siteSettings') as SiteSettings).wasteCarrierNumber)
const words = () => (seedWithFacts('orderCopy') as OrderCopy).collectionReport

describe("a collection's itemised report", () => {
  it('is issued once at close and lists each device with its grade, value and end, with the totals', async () => {
    const { id, email, imeis } = await collectedWithDevices(db, staff, 3)
    await valueCollectionDevice(
      db,
      id,
      1,
      { kind: 'price', pence: 4550, grade: { key: 'good', name: 'Good' } },
      staff.by,
    )
    await valueCollectionDevice(db, id, 2, { kind: 'recycle', grade: { key: 'faulty', name: 'Faulty' } }, staff.by)
    await valueCollectionDevice(
      db,
      id,
      3,
      { kind: 'price', pence: 1200, grade: { key: 'fair', name: 'Fair' } },
      staff.by,
    )
    expect(await sendCollectionQuote(db, id, staff.by, mail)).toMatchObject({ kind: 'sent', totalPence: 5750 })
    await markQuotePaid(db, id)
    await eraseAll(db, staff, id)
    await issueCollectionCertificate(db, id, staff.by)
    expect(await collectionDocumentOf(db, id, 'report')).toBeNull()
    const close = { id, from: 'collected', to: 'closed', reason: 'Paperwork sent', actor: staff.actor } as const
    expect(await moveCollectionRequest(db, close, new Date(), seedClosing())).toEqual({ ok: true })
    const report = await collectionDocumentOf(db, id, 'report')
    expect(report).not.toBeNull()

    // The closing e-mail names the report and links it beside the certificate and the note.
    const [closed] = (await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email))).filter(
      (row) => row.kind === 'collection-closed',
    )
    expect(closed!.textBody).toContain(`Your itemised report ${formatCertificateCode(report!.number)}`)
    expect(closed!.textBody).toContain(
      `Download the itemised report (PDF):\nhttps://example.test/collection-reports/${report!.number}`,
    )

    // The third device, valued, was recycled from stock after all: the ledger's end is its real one.
    const [third] = await db.select().from(collectionDevice).where(eq(collectionDevice.imei, imeis[2]!))
    await db.update(stockDevice).set({ state: 'recycled' }).where(eq(stockDevice.collectionDeviceId, third!.id))

    const facts = await collectionReportByNumber(db, report!.number)
    expect(facts?.devices.map((device) => [device.imei, device.gradeName, device.valuePence, device.end])).toEqual([
      [imeis[0], 'Good', 4550, 'reused'],
      [imeis[1], 'Faulty', null, 'recycled'],
      [imeis[2], 'Fair', 1200, 'recycled'],
    ])
    const content = collectionReportContent(facts!, words())
    const text = pdfText(await paperworkPdf(content, 'Handback', null))
    expect(text).toContain(`1. Apple iPhone 12, IMEI or serial ${imeis[0]}: graded Good, £45.50, reused`)
    expect(text).toContain(`2. Apple iPhone 12, IMEI or serial ${imeis[1]}: graded Faulty, no value, recycled`)
    expect(text).toContain(`3. Apple iPhone 12, IMEI or serial ${imeis[2]}: graded Fair, £12.00, recycled`)
    expect(text).toMatch(/Total value\s+£57\.50/)
    expect(text).toMatch(/Reused\s+1/)
    expect(text).toMatch(/Recycled\s+2/)
    expect(text).toContain(facts!.organisation)
    expect(JSON.stringify(content) + text).not.toMatch(/Jo Bloggs|Mill Lane|LS1 4AB|@|0113|\{[a-z]+\}/)

    // A number changed by a digit finds nothing.
    const changed = report!.number.slice(0, -1) + (report!.number.endsWith('0') ? '1' : '0')
    expect(await collectionReportByNumber(db, changed)).toBeNull()
  })

  it('opens only with its own key: not the waste note’s for the same number, not changed, not out of date', () => {
    const SECRET = 'a test secret that is long enough to sign with'
    const number = 'ABCDEF012345'
    const key = reportToken(number, Date.now(), SECRET)
    expect(readReportToken(key, number, Date.now(), SECRET)).toBe(true)
    expect(readReportToken(wasteNoteToken(number, Date.now(), SECRET), number, Date.now(), SECRET)).toBe(false)
    expect(readReportToken(key, 'ABCDEF012346', Date.now(), SECRET)).toBe(false)
    expect(readReportToken(key.slice(0, -1) + (key.endsWith('A') ? 'B' : 'A'), number, Date.now(), SECRET)).toBe(false)
    expect(readReportToken(key, number, Date.now() + 800 * 24 * 3600 * 1000, SECRET)).toBe(false)
  })
})
