import type { OrderCopy } from '@/content/types'
import type { Db } from '@/db/connection'
import { collectionCertificateContent } from '@/collections/paperwork-content'
import { paperworkPdf } from '@/collections/paperwork-pdf'
import {
  collectionCertificateByNumber,
  collectionDocumentOf,
  issueCollectionCertificate,
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
