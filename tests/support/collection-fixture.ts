import { randomUUID } from 'node:crypto'
import { readDeviceList } from '@/collections/device-list'
import type { ClosingContext } from '@/collections/closing'
import { addCollectionDevices, collectionDevices } from '@/collections/devices-store'
import { collectionClosedMail, collectionQuoteMail } from '@/collections/mail'
import { issueCollectionCertificate } from '@/collections/paperwork/paperwork-store'
import { sendCollectionQuote, valueCollectionDevice } from '@/collections/quote/quote-store'
import { collectionSiteEntries } from '@/collections/site-entries'
import { moveCollectionRequest, recordCollectionRequest } from '@/collections/store'
import type { ContactInboxCopy, EmailCopy, OrderCopy, SiteSettings } from '@/content/types'
import type { Db } from '@/db/connection'
import { collectionPayment, stockDevice, user } from '@/db/schema'
import { recordErasure } from '@/stock/stock-store'
import { eq } from 'drizzle-orm'
import { imeiFrom } from './imei'
import { seedWithFacts } from './seed-facts'

let nextImei = 500_000

/** A member of staff to act as, in both the shapes the stores take. */
export async function collectionStaff(db: Db) {
  const id = randomUUID()
  await db
    .insert(user)
    .values({ id, name: 'Robin Bench', email: `${id}@example.com`, role: 'staff' } as typeof user.$inferInsert)
  return { by: { actor: 'staff' as const, userId: id }, actor: { userId: id, name: 'Robin Bench' } }
}

/** A business collection, collected (the van is back), with no device recorded yet; its id and address. */
export async function collected(db: Db, staff: Awaited<ReturnType<typeof collectionStaff>>, deviceCount = 20) {
  const email = `jo.${randomUUID().slice(0, 8)}@example.com`
  const id = await recordCollectionRequest(
    db,
    {
      organisation: `Acme ${randomUUID().slice(0, 6)} Ltd`,
      contactName: 'Jo Bloggs',
      email,
      phone: '0113 496 0000',
      address: 'Unit 4, Mill Lane\nLeeds',
      postcode: 'LS1 4AB',
      deviceCount,
      devices: `${deviceCount} iPhone 12`,
      preferredDates: 'Any Tuesday',
      sicCode: null,
    },
    (row) => ({
      to: row.email,
      subject: 'Thanks',
      text: 'Thanks',
      html: '<p>Thanks</p>',
      kind: 'collection-requested',
      collectionRequestId: row.id,
    }),
  )
  const { actor } = staff
  await moveCollectionRequest(db, { id, from: 'requested', to: 'booked', reason: 'date agreed', actor })
  await moveCollectionRequest(db, { id, from: 'booked', to: 'collected', reason: 'van back', actor })
  return { id, email }
}

/** A business collection, collected, with `count` devices pasted in; its id, address and the IMEIs. */
export async function collectedWithDevices(db: Db, staff: Awaited<ReturnType<typeof collectionStaff>>, count: number) {
  const { id, email } = await collected(db, staff, count)
  const imeis = Array.from({ length: count }, () => imeiFrom(nextImei++))
  const read = readDeviceList(imeis.map((imei) => `Apple, iPhone 12, ${imei}`).join('\n'))
  if (!read.ok) throw new Error(`unread: ${read.problem}`)
  await addCollectionDevices(db, id, read.devices, staff.by)
  return { id, email, imeis }
}

/**
 * Settles the collection's quote as closing needs it: every device graded Faulty and recycled, and
 * the quote (£0, so no payment) sent with its e-mail, in the seed's words.
 */
export async function settleQuote(db: Db, staff: Awaited<ReturnType<typeof collectionStaff>>, id: string) {
  const devices = await collectionDevices(db, id)
  for (const device of devices)
    await valueCollectionDevice(
      db,
      id,
      device.position,
      { kind: 'recycle', grade: { key: 'faulty', name: 'Faulty' } },
      staff.by,
    )
  const copy = seedWithFacts('emailCopy') as EmailCopy
  const carrier = (seedWithFacts('siteSettings') as SiteSettings).wasteCarrierNumber
  const sent = await sendCollectionQuote(db, id, staff.by, (request, quote) =>
    collectionQuoteMail(request, quote, copy, carrier),
  )
  if (sent.kind !== 'sent') throw new Error(sent.kind)
}

/** The quote's payment recorded as paid, as the manager's payment through the payer leaves it (collection-payment.test.ts pays for real). */
export async function markQuotePaid(db: Db, id: string) {
  await db
    .update(collectionPayment)
    .set({ state: 'paid', paidAt: new Date() })
    .where(eq(collectionPayment.requestId, id))
}

/** Records a passed (or failed) erasure for each of the collection's devices, as staff typing them would. */
export async function eraseAll(
  db: Db,
  staff: Awaited<ReturnType<typeof collectionStaff>>,
  id: string,
  result: 'passed' | 'failed' = 'passed',
  only?: number,
) {
  const devices = (await collectionDevices(db, id)).slice(0, only)
  for (const device of devices) {
    const [row] = await db
      .select({ id: stockDevice.id })
      .from(stockDevice)
      .where(eq(stockDevice.stockNumber, device.number))
    await recordErasure(db, {
      deviceId: row!.id,
      source: 'manual',
      mail: null,
      by: staff.by,
      facts: erasureFacts(result),
    })
  }
}

/** What an erasure tool's screen says of one device, as staff type it in: a passed or failed purge. */
export function erasureFacts(result: 'passed' | 'failed' = 'passed') {
  return {
    reportId: `R-${randomUUID()}`,
    tool: 'WipeSure Mobile',
    toolVersion: '5.2.1',
    operator: 'Robin Bench',
    erasedAt: new Date('2026-11-30T10:00:00Z'),
    mediaType: 'Flash, 64 GB',
    level: 'purge' as const,
    technique: 'Cryptographic erase',
    verification: 'Full verification',
    result,
  }
}

/** The site's entries in a collection's history, in the seed's words. */
export const seedSiteEntries = () =>
  collectionSiteEntries(
    seedWithFacts('orderCopy') as OrderCopy,
    (seedWithFacts('contactInboxCopy') as ContactInboxCopy).collections,
  )

/** What the staff's close is given, from the seed: the paperwork e-mail (plain links) and the site's words. */
export function seedClosing(): ClosingContext {
  const copy = seedWithFacts('emailCopy') as EmailCopy
  return {
    paperworkMail: (request, paperwork) =>
      collectionClosedMail(request, paperwork, copy, {
        certificate: `https://example.test/certificates/${paperwork.certificate}`,
        wasteNote: `https://example.test/waste-transfer-notes/${paperwork.wasteNote}`,
        report: `https://example.test/collection-reports/${paperwork.report}`,
      }),
    site: seedSiteEntries(),
  }
}

/** A collection of `count` devices, erased, certified and closed at `at` (its waste transfer note issued then). */
export async function closedWithDevices(
  db: Db,
  staff: Awaited<ReturnType<typeof collectionStaff>>,
  count: number,
  at: Date,
) {
  const made = await collectedWithDevices(db, staff, count)
  await settleQuote(db, staff, made.id)
  await eraseAll(db, staff, made.id)
  const issued = await issueCollectionCertificate(db, made.id, staff.by)
  if (issued.kind !== 'issued') throw new Error(issued.kind)
  const close = { id: made.id, from: 'collected', to: 'closed', reason: 'Paperwork sent', actor: staff.actor } as const
  const closed = await moveCollectionRequest(db, close, at, seedClosing())
  if (!closed.ok) throw new Error(closed.code)
  return made
}
