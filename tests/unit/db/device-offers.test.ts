import sharp from 'sharp'
import type { EmailCopy } from '@/content/types'
import type { Db } from '@/db/connection'
import { user } from '@/db/schema'
import { addDays, type Timings } from '@/orders/record/lifecycle'
import { moveOrder } from '@/orders/moves/move-store'
import { answerDevices } from '@/orders/moves/device-answers'
import { addPhotos, readPhoto } from '@/orders/photos/photo-store'
import { PHOTO_LIMITS } from '@/orders/photos/photo-rules'
import { getOrder, placeOrder } from '@/orders/record/store'
import { applyTimers } from '@/orders/moves/timers'
import { sampleOrder, SAMPLE_TABLET } from '../../support/order-fixtures'
import { seedWithFacts } from '../../support/seed-facts'
import { withFileDatabase } from '../../support/test-database'
import { seedCheckoutWords } from '../../support/seed-email-loaders'

let db: Db
withFileDatabase((opened) => (db = opened))
process.env.BETTER_AUTH_SECRET ??= 'device-offers-test-secret-0123456789abcdef'

const TABLET = SAMPLE_TABLET

/** A phone (£160) and a tablet (£100), received and checked. */
async function checked() {
  const base = sampleOrder({ emails: () => [] })
  const result = await placeOrder(db, { ...base, items: [...base.items, TABLET] })
  if (result.kind !== 'placed') throw new Error('not placed')
  for (const [move, from] of [
    ['receive', 'placed'],
    ['check', 'received'],
  ] as const) {
    await moveOrder(db, { orderId: result.id, move, actor: 'staff', expectedStatus: from })
  }
  return (await getOrder(db, { id: result.id }))!
}

/**
 * The same, revised: the phone down to £80, the tablet up to £150 (better than described), a rise a
 * manager approved (price-rises.test.ts plays the approval; a rise without one is refused).
 */
async function revised(deadline = addDays(new Date(), 14)) {
  const order = await checked()
  const [phone, tablet] = order.items as [(typeof order.items)[0], (typeof order.items)[0]]
  await moveOrder(db, {
    orderId: order.id,
    move: 'revise',
    actor: 'staff',
    expectedStatus: 'checked',
    set: { offerDeadline: deadline },
    items: [
      { id: phone.id, set: { revisedPricePence: 8_000, revisedReason: 'Cracked back glass' } },
      {
        id: tablet.id,
        set: { revisedPricePence: 15_000, revisedReason: 'Like new, not fair', riseApprovedAt: new Date() },
      },
    ],
  })
  return { id: order.id, phone: phone.id, tablet: tablet.id }
}

const answer = (orderId: string, itemId: string, kind: 'accept' | 'decline') =>
  answerDevices(db, { orderId, answers: [{ itemId, answer: kind }], actor: 'seller' })

describe('a revised offer answered device by device', () => {
  it('accepts one device and declines the other: the order is accepted, worth the accepted price only', async () => {
    const { id, phone, tablet } = await revised()
    expect(await answer(id, tablet, 'accept')).toEqual({ ok: true, answered: 1, moved: null })
    expect((await getOrder(db, { id }))!.status).toBe('revised')
    expect(await answer(id, phone, 'decline')).toEqual({ ok: true, answered: 1, moved: 'accepted' })

    const order = (await getOrder(db, { id }))!
    expect(order.status).toBe('accepted')
    // The higher price is paid; the declined phone is not, and is recorded to go back.
    expect(order.totalPence).toBe(15_000)
    expect(order.items.map((item) => item.offerAnswer)).toEqual(['decline', 'accept'])
    expect(order.events.slice(-3).map((event) => [event.action, event.fromStatus, event.toStatus])).toEqual([
      ['accept-device', 'revised', 'revised'],
      ['decline-device', 'revised', 'revised'],
      ['accept', 'revised', 'accepted'],
    ])
  })

  it('changes nothing twice: the same answer again, another answer after it, two at once', async () => {
    const { id, phone, tablet } = await revised()
    const both = await Promise.all([answer(id, phone, 'accept'), answer(id, phone, 'decline')])
    expect(both.map((result) => (result.ok ? result.answered : -1)).sort()).toEqual([0, 1])
    const first = (await getOrder(db, { id }))!.items.find((item) => item.id === phone)!.offerAnswer
    expect(await answer(id, phone, first === 'accept' ? 'decline' : 'accept')).toEqual({
      ok: true,
      answered: 0,
      moved: null,
    })
    const events = (await getOrder(db, { id }))!.events.filter((event) => event.action.endsWith('-device'))
    expect(events).toHaveLength(1)
    await answer(id, tablet, 'accept')
    // The offer is closed now: a late answer is told where the order went.
    expect(await answer(id, tablet, 'decline')).toEqual({ ok: false, reason: 'moved', status: 'accepted' })
  })

  it('sends the order back when every device is declined', async () => {
    const { id, phone, tablet } = await revised()
    await answerDevices(db, {
      orderId: id,
      actor: 'seller',
      answers: [
        { itemId: phone, answer: 'decline' },
        { itemId: tablet, answer: 'decline' },
      ],
    })
    const order = (await getOrder(db, { id }))!
    expect(order.status).toBe('returning')
    expect(order.totalPence).toBe(26_000)
  })

  it('refuses a device of another order, or one without a new price', async () => {
    const { id } = await revised()
    const other = await revised()
    expect(await answer(id, other.phone, 'accept')).toEqual({ ok: false, reason: 'unknown-item' })
  })
})

describe('an offer nobody answered, at its deadline', () => {
  const context = (lapsedOffer: Timings['lapsedOffer']) => ({
    timings: { revisedOfferDays: 14, reminderDaysBefore: 3, quarantineDays: 28, lapsedOffer },
    mail: {
      copy: seedWithFacts('emailCopy') as EmailCopy,
      origin: 'https://shop.example',
      reviewUrl: 'https://reviews.example/handback',
      checkout: seedCheckoutWords(),
    },
  })

  it('answers only the devices left unanswered, by the one rule in the CMS', async () => {
    const { id, phone } = await revised(new Date(Date.now() - 1000))
    // The seller answered one device; the other waited past the deadline.
    await answer(id, phone, 'decline')
    await applyTimers(db, id, context('accept'))
    const order = (await getOrder(db, { id }))!
    expect(order.status).toBe('accepted')
    expect(order.items.map((item) => item.offerAnswer)).toEqual(['decline', 'accept'])
    expect(order.totalPence).toBe(15_000)
    expect(order.events.at(-2)).toMatchObject({ actor: 'system', action: 'accept-device' })
  })

  it('returns every device when the rule says so and none was answered', async () => {
    const { id } = await revised(new Date(Date.now() - 1000))
    await applyTimers(db, id, context('return'))
    const order = (await getOrder(db, { id }))!
    expect(order.status).toBe('returning')
    expect(order.items.map((item) => item.offerAnswer)).toEqual(['decline', 'decline'])
  })
})

describe('photos of a device', () => {
  let staffId: string
  beforeAll(async () => {
    staffId = `staff-${Date.now()}`
    await db.insert(user).values({ id: staffId, name: 'Pat Staff', email: `${staffId}@example.com`, role: 'staff' })
  })

  /** A camera's JPEG: 3000 × 2000, held on its side (EXIF orientation 6), with a GPS position. */
  const cameraJpeg = () =>
    sharp({ create: { width: 3000, height: 2000, channels: 3, background: { r: 200, g: 40, b: 40 } } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({
        IFD0: { Make: 'PhoneMaker', Model: 'Phone 15' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
      })
      .toBuffer()

  it('keeps a photo turned upright, at most 1600 pixels, as WebP, with no EXIF or location', async () => {
    const order = await checked()
    const input = await cameraJpeg()
    expect(await sharp(input).metadata()).toMatchObject({ orientation: 6, width: 3000, height: 2000 })
    expect(input.includes(Buffer.from('PhoneMaker'))).toBe(true)
    const result = await addPhotos(db, {
      reference: order.reference,
      itemId: order.items[0]!.id,
      files: [new Uint8Array(input)],
      staffId,
    })
    expect(result).toEqual({ ok: true, added: 1 })

    const [info] = (await getOrder(db, { id: order.id }))!.photos
    expect(info).toMatchObject({ orderItemId: order.items[0]!.id, width: 1067, height: 1600 })
    const stored = (await readPhoto(db, info!.id))!
    expect(stored).toMatchObject({ reference: order.reference, contentType: 'image/webp' })
    const meta = await sharp(stored.bytes).metadata()
    expect(meta).toMatchObject({ format: 'webp', width: 1067, height: 1600 })
    expect(meta.exif).toBeUndefined()
    expect(meta.orientation).toBeUndefined()
    expect(stored.bytes.includes(Buffer.from('PhoneMaker'))).toBe(false)
    // Recorded in the order's history, with who took it.
    expect((await getOrder(db, { id: order.id }))!.events.at(-1)).toMatchObject({
      action: 'add-photos',
      actorUserId: staffId,
      actorName: 'Pat Staff',
    })
  })

  it('refuses a file that is not a photo, or that claims to be one and cannot be opened, and keeps nothing', async () => {
    const order = await checked()
    const itemId = order.items[0]!.id
    const text = new TextEncoder().encode('This is not a photo, whatever its name says.')
    expect(await addPhotos(db, { reference: order.reference, itemId, files: [text], staffId })).toEqual({
      ok: false,
      code: 'photoNotImage',
    })
    const broken = new Uint8Array(200).fill(7)
    broken.set([0xff, 0xd8, 0xff, 0xe0])
    expect(await addPhotos(db, { reference: order.reference, itemId, files: [broken], staffId })).toEqual({
      ok: false,
      code: 'photoUnreadable',
    })
    expect((await getOrder(db, { id: order.id }))!.photos).toEqual([])
  })

  it('keeps at most the limit for one device, counting what it has', async () => {
    const order = await checked()
    const itemId = order.items[1]!.id
    const small = new Uint8Array(
      await sharp({ create: { width: 40, height: 30, channels: 3, background: '#333' } })
        .png()
        .toBuffer(),
    )
    const first = Array(PHOTO_LIMITS.filesPerUpload).fill(small)
    expect(await addPhotos(db, { reference: order.reference, itemId, files: first, staffId })).toEqual({
      ok: true,
      added: PHOTO_LIMITS.filesPerUpload,
    })
    const more = Array(PHOTO_LIMITS.perDevice - PHOTO_LIMITS.filesPerUpload + 1).fill(small)
    expect(await addPhotos(db, { reference: order.reference, itemId, files: more, staffId })).toEqual({
      ok: false,
      code: 'photoTooMany',
    })
  })

  it('takes photos only while the device is checked or its offer open, and only of that order’s devices', async () => {
    const placed = await placeOrder(db, sampleOrder({ emails: () => [] }))
    if (placed.kind !== 'placed') throw new Error('not placed')
    const fresh = (await getOrder(db, { id: placed.id }))!
    const png = new Uint8Array(
      await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
        .png()
        .toBuffer(),
    )
    expect(
      await addPhotos(db, { reference: fresh.reference, itemId: fresh.items[0]!.id, files: [png], staffId }),
    ).toEqual({ ok: false, code: 'wrongStatus' })
    const other = await checked()
    expect(
      await addPhotos(db, { reference: other.reference, itemId: fresh.items[0]!.id, files: [png], staffId }),
    ).toEqual({ ok: false, code: 'notFound' })
    expect(await readPhoto(db, '00000000-0000-4000-8000-000000000000')).toBeNull()
    expect(await readPhoto(db, 'not-a-uuid')).toBeNull()
  })
})
