import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { EmailCopy } from '@/content/types'
import type { Db } from '@/db/connection'
import { deviceErasure, emailOutbox, orderItem, sellerOrder, stockDevice, user } from '@/db/schema'
import { placeOrder } from '@/orders/record/store'
import { parseCertificateCode } from '@/stock/certificate-code'
import { certificateByCode, orderCertificates } from '@/stock/certificates'
import { recordErasure, takeInPaidDevices, type ErasureFacts } from '@/stock/stock-store'
import { sampleOrder } from '../../support/order-fixtures'
import { seedWithFacts } from '../../support/seed-facts'
import { withFileDatabase } from '../../support/test-database'

/**
 * Erasure certificates on PGlite and on a PostgreSQL server: every erasure record has its own random
 * number; a passed one is found by it with the device's facts and no seller; a failed one, or a
 * number changed by one digit, finds nothing; an order's seller gets each device's latest.
 */
let db: Db
withFileDatabase((opened) => {
  db = opened
})

const IMEI = '356938035643809'
let by: { actor: 'staff'; userId: string }
let orderId: string
let devices: string[]

const erasure = (reportId: string, result: 'passed' | 'failed', at: string): ErasureFacts => ({
  reportId,
  tool: 'WipeSure Mobile',
  toolVersion: '5.2.1',
  operator: 'Robin Bench',
  erasedAt: new Date(at),
  mediaType: 'Flash, 128 GB',
  level: 'purge',
  technique: 'Cryptographic erase',
  verification: 'Full verification',
  result,
})

beforeAll(async () => {
  const id = randomUUID()
  await db
    .insert(user)
    .values({ id, name: 'Robin Bench', email: `${id}@example.com`, role: 'staff' } as typeof user.$inferInsert)
  by = { actor: 'staff', userId: id }
  const item = (device: string) => ({
    modelId: 'model-iphone-13',
    device,
    variantKey: '128gb',
    gradeKey: 'good',
    gradeName: 'Good',
    answers: { power: 'yes' },
    pricePence: 16_000,
    catalogueRevision: 'seed',
  })
  const placed = await placeOrder(
    db,
    sampleOrder({ items: [item('Apple iPhone 13 128GB'), item('Apple iPad Air 64GB')] }),
  )
  if (placed.kind !== 'placed') throw new Error('not placed')
  orderId = placed.id
  await db.update(sellerOrder).set({ status: 'paid' }).where(eq(sellerOrder.id, placed.id))
  const items = await db.select().from(orderItem).where(eq(orderItem.orderId, placed.id)).orderBy(orderItem.position)
  await db.update(orderItem).set({ imei: IMEI }).where(eq(orderItem.id, items[0]!.id))
  await takeInPaidDevices(db)
  devices = await Promise.all(
    items.map(async (row) => (await db.select().from(stockDevice).where(eq(stockDevice.orderItemId, row.id)))[0]!.id),
  )
})

async function codeOf(reportId: string) {
  const [row] = await db
    .select({ code: deviceErasure.certificateCode })
    .from(deviceErasure)
    .where(eq(deviceErasure.reportId, reportId))
  return row!.code
}

describe('an erasure certificate', () => {
  it('is found by its number with the device, the IMEI’s last four digits and the erasure, and nothing of the seller', async () => {
    await recordErasure(db, {
      deviceId: devices[0]!,
      source: 'manual',
      mail: null,
      by,
      facts: erasure('C-1', 'passed', '2026-11-27T10:00:00Z'),
    })
    const code = await codeOf('C-1')
    expect(parseCertificateCode(code)).toBe(code)
    const found = await certificateByCode(db, code)
    expect(found).toEqual({
      code,
      device: 'Apple iPhone 13 128GB',
      imeiEnding: '3809',
      level: 'purge',
      technique: 'Cryptographic erase',
      tool: 'WipeSure Mobile',
      toolVersion: '5.2.1',
      mediaType: 'Flash, 128 GB',
      verification: 'Full verification',
      erasedAt: new Date('2026-11-27T10:00:00Z'),
    })
    expect(JSON.stringify(found)).not.toMatch(/Sam Seller|High Street|LS1|@/)
  })

  it('is not given for a failed erasure, and a number changed by one digit finds nothing', async () => {
    await recordErasure(db, {
      deviceId: devices[1]!,
      source: 'manual',
      mail: null,
      by,
      facts: erasure('C-2', 'failed', '2026-11-27T11:00:00Z'),
    })
    expect(await certificateByCode(db, await codeOf('C-2'))).toBeNull()
    const code = await codeOf('C-1')
    const changed = code.slice(0, -1) + (code.endsWith('0') ? '1' : '0')
    expect(await certificateByCode(db, changed)).toBeNull()
  })

  it('each record has a number of its own, and the seller’s order lists each device’s latest passed one', async () => {
    await recordErasure(db, {
      deviceId: devices[0]!,
      source: 'manual',
      mail: null,
      by,
      facts: erasure('C-3', 'passed', '2026-11-28T09:00:00Z'),
    })
    await recordErasure(db, {
      deviceId: devices[1]!,
      source: 'manual',
      mail: null,
      by,
      facts: erasure('C-4', 'passed', '2026-11-28T10:00:00Z'),
    })
    const codes = await Promise.all(['C-1', 'C-2', 'C-3', 'C-4'].map(codeOf))
    expect(new Set(codes).size).toBe(4)
    const listed = await orderCertificates(db, orderId)
    expect(listed.map((certificate) => [certificate.position, certificate.device, certificate.code])).toEqual([
      [1, 'Apple iPhone 13 128GB', codes[2]],
      [2, 'Apple iPad Air 64GB', codes[3]],
    ])
    expect(listed[1]!.imeiEnding).toBeNull()
  })

  it('is e-mailed to the seller when a device passes, with its page and its PDF; a failure or a repeat sends nothing', async () => {
    const mail = { copy: seedWithFacts('emailCopy') as EmailCopy, origin: 'https://www.example.co.uk' }
    const mails = () =>
      db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.orderId, orderId), eq(emailOutbox.kind, 'erasureCertificate')))
    await recordErasure(db, {
      deviceId: devices[1]!,
      source: 'manual',
      mail,
      by,
      facts: erasure('C-5', 'failed', '2026-11-29T09:00:00Z'),
    })
    expect(await mails()).toHaveLength(0)
    const passed = {
      deviceId: devices[1]!,
      source: 'manual' as const,
      mail,
      by,
      facts: erasure('C-6', 'passed', '2026-11-29T10:00:00Z'),
    }
    expect(await recordErasure(db, passed)).toMatchObject({ kind: 'recorded' })
    expect(await recordErasure(db, passed)).toMatchObject({ kind: 'already' })
    const sent = await mails()
    expect(sent).toHaveLength(1)
    const number = (await codeOf('C-6')).match(/.{4}/g)!.join('-')
    const [order] = await db.select().from(sellerOrder).where(eq(sellerOrder.id, orderId))
    expect(sent[0]!.toAddress).toBe(order!.email)
    expect(sent[0]!.subject).toBe(`Your data is erased: certificate ${number}`)
    expect(sent[0]!.textBody).toContain('We have erased the Apple iPad Air 64GB you sold us in order')
    expect(sent[0]!.htmlBody).toContain(`href="https://www.example.co.uk/certificates/${number}"`)
    expect(sent[0]!.htmlBody).toContain(`href="https://www.example.co.uk/certificates/${number}/pdf"`)
  })
})
