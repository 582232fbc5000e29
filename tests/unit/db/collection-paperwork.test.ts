import { eq } from 'drizzle-orm'
import { collectionClosedMail } from '@/collections/mail'
import { moveCollectionRequest, type PaperworkMail } from '@/collections/store'
import { readWasteNoteToken, wasteNotePath, wasteNoteToken } from '@/collections/waste-note-link'
import type { EmailCopy, OrderCopy, SiteSettings } from '@/content/types'
import { emailOutbox } from '@/db/schema'
import { formatCertificateCode } from '@/stock/certificate-code'
import { certificatePath } from '@/stock/certificate-content'
import type { Db } from '@/db/connection'
import { collectionCertificateContent, wasteNoteContent } from '@/collections/paperwork-content'
import { paperworkPdf } from '@/collections/paperwork-pdf'
import {
  collectionCertificateByNumber,
  collectionDocumentOf,
  issueCollectionCertificate,
  wasteNoteByNumber,
} from '@/collections/paperwork-store'
import { addCollectionDevices } from '@/collections/devices-store'
import { collectedWithDevices, collectionStaff, eraseAll } from '../../support/collection-fixture'
import { imeiFrom } from '../../support/imei'
import { pdfText } from '../../support/pdf-text'
import { seedWithFacts } from '../../support/seed-facts'
import { withFileDatabase } from '../../support/test-database'

/**
 * A business collection's paperwork on PGlite and on a PostgreSQL server: one certificate, issued
 * only once every device has a passed erasure, found by its number with every IMEI and the
 * organisation and nothing of the person; a number changed by a digit finds nothing.
 */
let db: Db
withFileDatabase((opened) => (db = opened))

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
    const content = collectionCertificateContent(facts!, words())
    const text = pdfText(await paperworkPdf(content, 'Handback', 'Check it at https://example.test/certificates/x'))
    for (const imei of imeis) expect(text).toContain(imei)
    expect(text).toContain(facts!.organisation)
    expect(JSON.stringify(content) + text).not.toMatch(/Jo Bloggs|Mill Lane|LS1 4AB|@|0113/)

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
  const mail =
    (copy: EmailCopy): PaperworkMail =>
    (request, paperwork) =>
      collectionClosedMail(request, paperwork, copy, {
        certificate: `${origin}${certificatePath(paperwork.certificate)}`,
        wasteNote: `${origin}${wasteNotePath(paperwork.wasteNote, wasteNoteToken(paperwork.wasteNote, Date.now(), SECRET))}`,
      })

  it('needs the certificate, then issues the waste transfer note and e-mails both links once, however often it is sent', async () => {
    const { id, email } = await collectedWithDevices(db, staff, 20)
    const copy = seedWithFacts('emailCopy') as EmailCopy
    const close = { id, from: 'collected', to: 'closed', reason: 'Paperwork sent', actor: staff.actor } as const
    expect(await moveCollectionRequest(db, close, new Date(), mail(copy))).toEqual({
      ok: false,
      code: 'certificateMissing',
    })
    expect(await collectionDocumentOf(db, id, 'waste-note')).toBeNull()

    await eraseAll(db, staff, id)
    const issued = await issueCollectionCertificate(db, id, staff.by)
    if (issued.kind !== 'issued') throw new Error(issued.kind)
    const [first, second] = await Promise.all([
      moveCollectionRequest(db, close, new Date(), mail(copy)),
      moveCollectionRequest(db, close, new Date(), mail(copy)),
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
    expect(facts).toMatchObject({ count: 20, postcode: 'LS1 4AB' })
    const settings = seedWithFacts('siteSettings') as SiteSettings
    const words = (seedWithFacts('orderCopy') as OrderCopy).wasteNote
    const pdf = pdfText(await paperworkPdf(wasteNoteContent(facts!, words, settings), 'Handback', null))
    for (const fact of ['16 02 14', settings.wasteCarrierNumber, 'Unit 4, Mill Lane, Leeds, LS1 4AB', '20 devices'])
      expect(pdf).toContain(fact)
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
