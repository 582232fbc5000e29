import { and, eq } from 'drizzle-orm'
import { collectionClosedMail, collectionQuoteMail } from '@/collections/mail'
import { sendCollectionQuote, valueCollectionDevice } from '@/collections/quote/quote-store'
import { collectionSiteEntries } from '@/collections/site-entries'
import type { ClosingContext } from '@/collections/closing'
import { getCollectionRequest, moveCollectionRequest } from '@/collections/store'
import { readWasteNoteToken, wasteNotePath, wasteNoteToken } from '@/collections/paperwork/waste-note-link'
import { reportPath, reportToken } from '@/collections/paperwork/report-link'
import type { ContactInboxCopy, EmailCopy, OrderCopy, SiteSettings } from '@/content/types'
import { emailOutbox } from '@/db/schema'
import { formatCertificateCode } from '@/stock/certificate-code'
import { certificatePath } from '@/stock/certificate-content'
import type { Db } from '@/db/connection'
import { collectionCertificateContent, wasteNoteContent } from '@/collections/paperwork/paperwork-content'
import { paperworkPdf } from '@/collections/paperwork/paperwork-pdf'
import {
  collectionCertificateByNumber,
  collectionDocumentOf,
  issueCollectionCertificate,
  wasteNoteByNumber,
} from '@/collections/paperwork/paperwork-store'
import { addCollectionDevices } from '@/collections/devices-store'
import { readDeviceList } from '@/collections/device-list'
import {
  collected,
  collectedWithDevices,
  collectionStaff,
  eraseAll,
  markQuotePaid,
  settleQuote,
} from '../../support/collection-fixture'
import { imeiFrom } from '../../support/imei'
import { pdfText } from '../../support/pdf-text'
import { seedWithFacts } from '../../support/seed-facts'
import { raceForRow } from '../../support/row-lock-race'
import { withFileDatabase, type TestDatabase } from '../../support/test-database'

/**
 * A business collection's paperwork on PGlite and on a PostgreSQL server: one certificate, issued
 * only once every device has a passed erasure, found by its number with every IMEI and the
 * organisation and nothing of the person; a number changed by a digit finds nothing.
 */
let db: Db
let home: TestDatabase
withFileDatabase((opened, folder) => {
  db = opened
  home = folder
})

let staff: Awaited<ReturnType<typeof collectionStaff>>
beforeAll(async () => {
  staff = await collectionStaff(db)
})

const words = () => (seedWithFacts('orderCopy') as OrderCopy).certificate

describe("a collection's certificate", () => {
  it('is refused while any device has no passed erasure, saying how many, and issued once they all have', async () => {
    const { id } = await collectedWithDevices(db, staff, 3)
    expect(await issueCollectionCertificate(db, id, staff.by)).toEqual({
      kind: 'refused',
      code: 'notAllErased',
      count: 3,
    })
    await eraseAll(db, staff, id, 'passed', 2)
    expect(await issueCollectionCertificate(db, id, staff.by)).toEqual({
      kind: 'refused',
      code: 'notAllErased',
      count: 1,
    })
    await eraseAll(db, staff, id, 'failed')
    // The third's latest failed; the first two's latest failed too now: three again.
    expect(await issueCollectionCertificate(db, id, staff.by)).toMatchObject({ code: 'notAllErased', count: 3 })
    expect(await collectionDocumentOf(db, id, 'certificate')).toBeNull()

    await eraseAll(db, staff, id, 'passed')
    const issued = await issueCollectionCertificate(db, id, staff.by)
    expect(issued).toMatchObject({ kind: 'issued' })
    // A double click finds it issued: one certificate, the same number.
    const again = await issueCollectionCertificate(db, id, staff.by)
    expect(again).toEqual({ kind: 'already', number: (issued as { number: string }).number })
  })

  it('lists all 20 IMEIs by its number, in the PDF too, names the organisation and nothing of the person', async () => {
    const { id, imeis } = await collectedWithDevices(db, staff, 20)
    await eraseAll(db, staff, id)
    const issued = await issueCollectionCertificate(db, id, staff.by)
    if (issued.kind !== 'issued') throw new Error(issued.kind)
    const facts = await collectionCertificateByNumber(db, issued.number)
    expect(facts?.devices.map((device) => device.imei)).toEqual(imeis)
    expect(facts?.organisation).toMatch(/^Acme .* Ltd$/)
    const content = collectionCertificateContent(facts!, words(), 'whole')
    const text = pdfText(await paperworkPdf(content, 'Handback', 'Check it at https://example.test/certificates/x'))
    for (const imei of imeis) expect(text).toContain(imei)
    expect(text).toContain(facts!.organisation)
    expect(JSON.stringify(content) + text).not.toMatch(/Jo Bloggs|Mill Lane|LS1 4AB|@|0113/)

    // Anyone checking it by number sees each IMEI's last digits only, as a seller's certificate gives them.
    const checked = collectionCertificateContent(facts!, words(), 'ending')
    const shown = JSON.stringify(checked)
    for (const imei of imeis) expect(shown).not.toContain(imei)
    expect(checked.list?.lines[0]).toContain(`IMEI or serial ending in ${imeis[0]!.slice(-4)}:`)
    expect(checked.list?.lines).toHaveLength(20)

    const changed = issued.number.slice(0, -1) + (issued.number.endsWith('0') ? '1' : '0')
    expect(await collectionCertificateByNumber(db, changed)).toBeNull()
  })

  it('closes the list of devices: none can be added once it is issued', async () => {
    const { id } = await collectedWithDevices(db, staff, 1)
    await eraseAll(db, staff, id)
    await issueCollectionCertificate(db, id, staff.by)
    const more = [{ make: 'Apple', model: 'iPhone 12', imei: imeiFrom(999_001) }]
    expect(await addCollectionDevices(db, id, more, staff.by)).toEqual({ kind: 'refused', code: 'certified' })
  })
})

describe('closing a collection', () => {
  const SECRET = 'a test secret that is long enough to sign with'
  const origin = 'https://example.test'
  // What the staff's close is given: the e-mail with the paperwork, and the site's words for its history.
  const closing = (copy: EmailCopy): ClosingContext => ({
    paperworkMail: (request, paperwork) =>
      collectionClosedMail(request, paperwork, copy, {
        certificate: `${origin}${certificatePath(paperwork.certificate)}`,
        wasteNote: `${origin}${wasteNotePath(paperwork.wasteNote, wasteNoteToken(paperwork.wasteNote, Date.now(), SECRET))}`,
        report: `${origin}${reportPath(paperwork.report, reportToken(paperwork.report, Date.now(), SECRET))}`,
      }),
    site: collectionSiteEntries(
      seedWithFacts('orderCopy') as OrderCopy,
      (seedWithFacts('contactInboxCopy') as ContactInboxCopy).collections,
    ),
  })

  it('needs the quote sent and the certificate, then issues the waste transfer note and e-mails both links once, however often it is sent', async () => {
    const { id, email } = await collectedWithDevices(db, staff, 20)
    const copy = seedWithFacts('emailCopy') as EmailCopy
    const close = { id, from: 'collected', to: 'closed', reason: 'Paperwork sent', actor: staff.actor } as const
    expect(await moveCollectionRequest(db, close, new Date(), closing(copy))).toEqual({
      ok: false,
      code: 'quoteNotSent',
    })
    await settleQuote(db, staff, id)
    expect(await moveCollectionRequest(db, close, new Date(), closing(copy))).toEqual({
      ok: false,
      code: 'certificateMissing',
    })
    expect(await collectionDocumentOf(db, id, 'waste-note')).toBeNull()
    expect((await getCollectionRequest(db, id))?.status).toBe('collected')

    await eraseAll(db, staff, id)
    const issued = await issueCollectionCertificate(db, id, staff.by)
    if (issued.kind !== 'issued') throw new Error(issued.kind)
    const [first, second] = await Promise.all([
      moveCollectionRequest(db, close, new Date(), closing(copy)),
      moveCollectionRequest(db, close, new Date(), closing(copy)),
    ])
    expect([first, second]).toContainEqual({ ok: true })
    expect([first, second]).toContainEqual({ ok: false, code: 'moved', status: 'closed' })
    const note = await collectionDocumentOf(db, id, 'waste-note')
    expect(note).not.toBeNull()

    const sent = await db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'collection-closed'))
    const ours = sent.filter((row) => row.toAddress === email)
    expect(ours).toHaveLength(1)
    const text = ours[0]!.textBody
    expect(text).toContain(`${origin}/certificates/${formatCertificateCode(issued.number)}`)
    expect(text).toContain(`${origin}/waste-transfer-notes/${formatCertificateCode(note!.number)}?key=`)
    expect(text).toContain('20 devices')

    const facts = await wasteNoteByNumber(db, note!.number)
    expect(facts).toMatchObject({ count: 20, postcode: 'LS1 4AB', sicCode: null })
    const settings = seedWithFacts('siteSettings') as SiteSettings
    const words = (seedWithFacts('orderCopy') as OrderCopy).wasteNote
    const pdf = pdfText(await paperworkPdf(wasteNoteContent(facts!, words, settings), 'Handback', null))
    for (const fact of ['16 02 14', settings.wasteCarrierNumber, 'Unit 4, Mill Lane, Leeds, LS1 4AB', '20 devices'])
      expect(pdf).toContain(fact)
    // The two facts the law asks of a note: the transferor's SIC code (here, said not given) and the place of transfer.
    expect(pdf).toMatch(/SIC code\s+Not given by the business/)
    expect(pdf).toMatch(/Place of transfer\s+Unit 4, Mill Lane, Leeds, LS1 4AB/)
    const given = pdfText(
      await paperworkPdf(wasteNoteContent({ ...facts!, sicCode: '62020' }, words, settings), 'Handback', null),
    )
    expect(given).toMatch(/SIC code\s+62020/)
  })

  it('closes a collection whose quote is above £0 only once it is paid: its payment is the quote’s settling', async () => {
    const { id } = await collectedWithDevices(db, staff, 1)
    await valueCollectionDevice(
      db,
      id,
      1,
      { kind: 'price', pence: 4550, grade: { key: 'good', name: 'Good' } },
      staff.by,
    )
    const copy = seedWithFacts('emailCopy') as EmailCopy
    const carrier = (seedWithFacts('siteSettings') as SiteSettings).wasteCarrierNumber
    await sendCollectionQuote(db, id, staff.by, (request, quote) => collectionQuoteMail(request, quote, copy, carrier))
    await eraseAll(db, staff, id)
    await issueCollectionCertificate(db, id, staff.by)
    const close = { id, from: 'collected', to: 'closed', reason: 'Paperwork sent', actor: staff.actor } as const
    expect(await moveCollectionRequest(db, close, new Date(), closing(copy))).toEqual({
      ok: false,
      code: 'quoteNotPaid',
    })
    expect((await getCollectionRequest(db, id))?.status).toBe('collected')
    expect(await collectionDocumentOf(db, id, 'waste-note')).toBeNull()
    await markQuotePaid(db, id)
    expect(await moveCollectionRequest(db, close, new Date(), closing(copy))).toEqual({ ok: true })
  })

  it('closes a collection that brought no devices with no certificate, no note and no e-mail, the site saying why in its history', async () => {
    const { id, email } = await collected(db, staff)
    const copy = seedWithFacts('emailCopy') as EmailCopy
    const at = new Date('2027-03-09T15:00:00Z')
    const close = { id, from: 'collected', to: 'closed', reason: 'Nothing there to take', actor: staff.actor } as const
    expect(await moveCollectionRequest(db, close, at, closing(copy))).toEqual({ ok: true })

    const stored = await getCollectionRequest(db, id)
    expect(stored?.status).toBe('closed')
    expect(await collectionDocumentOf(db, id, 'certificate')).toBeNull()
    expect(await collectionDocumentOf(db, id, 'waste-note')).toBeNull()
    const closedMail = and(eq(emailOutbox.kind, 'collection-closed'), eq(emailOutbox.toAddress, email))
    expect(await db.select().from(emailOutbox).where(closedMail)).toEqual([])
    // The staff member's close with their reason, then the site's entry: the seed's words.
    const inbox = (seedWithFacts('contactInboxCopy') as ContactInboxCopy).collections
    expect(
      stored!.events.slice(-2).map(({ actorUserId, actorName, fromStatus, toStatus, reason, at }) => ({
        actorUserId,
        actorName,
        fromStatus,
        toStatus,
        reason,
        at,
      })),
    ).toEqual([
      {
        actorUserId: staff.actor.userId,
        actorName: 'Robin Bench',
        fromStatus: 'collected',
        toStatus: 'closed',
        reason: 'Nothing there to take',
        at,
      },
      {
        actorUserId: null,
        actorName: 'Automatic',
        fromStatus: 'closed',
        toStatus: 'closed',
        reason: inbox.closedWithoutDevices,
        at,
      },
    ])
    expect(inbox.closedWithoutDevices).toMatch(/no devices/i)
  })

  it('counts the devices with the request locked: a list added just before the close makes it need their certificate', async () => {
    const { id } = await collected(db, staff)
    const copy = seedWithFacts('emailCopy') as EmailCopy
    const close = { id, from: 'collected', to: 'closed', reason: 'Nothing there', actor: staff.actor } as const
    const read = readDeviceList(`Apple, iPhone 12, ${imeiFrom(999_101)}`)
    if (!read.ok) throw new Error('unread')
    const [added, closed] = await raceForRow(
      home,
      'collection_request',
      id,
      () => addCollectionDevices(db, id, read.devices, staff.by),
      () => moveCollectionRequest(db, close, new Date(), closing(copy)),
    )
    expect(added).toEqual({ kind: 'added', count: 1 })
    // Counted: devices came in, so the quote is needed first.
    expect(closed).toEqual({ ok: false, code: 'quoteNotSent' })
    expect((await getCollectionRequest(db, id))?.status).toBe('collected')
  })

  it('gives a stranger no way into the note: a key opens only its own note, unchanged and in date', () => {
    const number = 'ABCDEF012345'
    const key = wasteNoteToken(number, Date.now(), SECRET)
    expect(readWasteNoteToken(key, number, Date.now(), SECRET)).toBe(true)
    expect(readWasteNoteToken('', number, Date.now(), SECRET)).toBe(false)
    expect(readWasteNoteToken(key, 'ABCDEF012346', Date.now(), SECRET)).toBe(false)
    expect(readWasteNoteToken(key.slice(0, -1) + (key.endsWith('A') ? 'B' : 'A'), number, Date.now(), SECRET)).toBe(
      false,
    )
    expect(readWasteNoteToken(key, number, Date.now(), 'another secret altogether, also long')).toBe(false)
    expect(readWasteNoteToken(key, number, Date.now() + 800 * 24 * 3600 * 1000, SECRET)).toBe(false)
  })
})
