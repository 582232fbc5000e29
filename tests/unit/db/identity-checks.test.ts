import { randomBytes, randomUUID } from 'node:crypto'
import { asc, eq } from 'drizzle-orm'
import sharp from 'sharp'
import type { EmailCopy } from '@/content/types'
import type { Db } from '@/db/connection'
import { emailOutbox, orderEvent, orderIdentityCheck, orderItem, sellerOrder, user } from '@/db/schema'
import { readPayoutKeys, sealPayout } from '@/payouts/payout-crypto'
import { makeRun, readyOrders } from '@/orders/payment-runs/payment-runs'
import { moveOrder } from '@/orders/moves/move-store'
import { placeOrder } from '@/orders/record/store'
import { askedAtCheckout, hashIdentityToken, identityAskable } from '@/orders/identity/identity-rules'
import { IDENTITY_EVENTS } from '@/orders/identity/identity-actions'
import {
  askAtCheckout,
  askIdentity,
  identityOf,
  readIdentityLink,
  uploadIdentity,
  verifyIdentity,
} from '@/orders/identity/identity-store'
import { applyIdentityRetention } from '@/orders/identity/identity-retention'
import { sampleOrder } from '../../support/order-fixtures'
import { seedWithFacts } from '../../support/seed-facts'
import { seedCheckoutWords } from '../../support/seed-email-loaders'
import { withFileDatabase } from '../../support/test-database'

/**
 * Proof of identity: asked by staff (the seller e-mailed a link whose token only the e-mail holds),
 * a photo sent through it by the device photos' rules, staff's verdict deleting the photo and the
 * link and keeping the fact, and no payment, by a run or by hand, while it waits. PGlite and PostgreSQL.
 */
let db: Db
withFileDatabase((opened) => (db = opened))

process.env.BETTER_AUTH_SECRET ??= 'identity-checks-test-secret-0123456789abcdef'

const keys = readPayoutKeys({ PAYOUT_ENCRYPTION_KEY: randomBytes(32).toString('base64') })
const originator = { sortCode: '601613', accountNumber: '31926819', name: 'HANDBACK LTD' }
const mail = {
  copy: seedWithFacts('emailCopy') as EmailCopy,
  origin: 'https://shop.example',
  reviewUrl: 'https://reviews.example/handback',
  checkout: seedCheckoutWords(),
}
const DAY_MS = 24 * 3600 * 1000

let staffId: string
let managerId: string
beforeAll(async () => {
  staffId = randomUUID()
  managerId = randomUUID()
  await db.insert(user).values([
    { id: staffId, name: 'Ida Identity', email: `${staffId}@example.com`, role: 'staff' },
    { id: managerId, name: 'Maya Manager', email: `${managerId}@example.com`, role: 'manager' },
  ] as Array<typeof user.$inferInsert>)
})

let seq = 0
/** A checked order ready to pay: its devices passed by the register yesterday, its bank details sealed. */
async function payable() {
  seq++
  const bank = { accountHolder: `Ida Seller${seq}`, sortCode: '30-94-57', accountNumber: String(20_000_000 + seq) }
  const placed = await placeOrder(
    db,
    sampleOrder({ sealPayout: (reference) => sealPayout(bank, reference, keys), emails: () => [] }),
  )
  if (placed.kind !== 'placed') throw new Error(placed.kind)
  await db.update(sellerOrder).set({ status: 'checked' }).where(eq(sellerOrder.id, placed.id))
  await db
    .update(orderItem)
    .set({ registerResult: 'pass', registerCheckedAt: new Date(Date.now() - DAY_MS) })
    .where(eq(orderItem.orderId, placed.id))
  return placed
}

/** The token in the e-mail asking, read from its link as the seller's mail program would. */
async function tokenMailed(orderId: string) {
  const mails = await db.select().from(emailOutbox).where(eq(emailOutbox.orderId, orderId))
  const asked = mails.filter((one) => one.kind === 'identityAsked')
  expect(asked).toHaveLength(1)
  const token = /proof-of-identity\?token=([A-Za-z0-9_-]+)/.exec(asked[0]!.textBody)?.[1]
  expect(token).toBeDefined()
  return token!
}

const photo = () =>
  sharp({ create: { width: 400, height: 250, channels: 3, background: '#88aacc' } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: 'camera serial 12345' } } })
    .toBuffer()

const checkRow = async (orderId: string) =>
  (await db.select().from(orderIdentityCheck).where(eq(orderIdentityCheck.orderId, orderId)))[0]

const actions = async (orderId: string) =>
  (await db.select().from(orderEvent).where(eq(orderEvent.orderId, orderId)).orderBy(asc(orderEvent.id)))
    .map((event) => event.action)
    .filter((action) => action.startsWith('identity-'))

it('asks at checkout above the amount, or for a shared bank account only when editors say so', () => {
  const settings = { askAbovePence: 100_000, askWhenAccountShared: true }
  expect(askedAtCheckout(settings, { totalPence: 100_000, accountShared: false })).toBeNull()
  expect(askedAtCheckout(settings, { totalPence: 100_001, accountShared: false })).toBe('amount')
  expect(askedAtCheckout(settings, { totalPence: 5_000, accountShared: true })).toBe('duplicate')
  expect(
    askedAtCheckout({ ...settings, askWhenAccountShared: false }, { totalPence: 5_000, accountShared: true }),
  ).toBeNull()
})

it('is asked by staff once: the seller is e-mailed a link whose token is stored only as its hash', async () => {
  const order = await payable()
  const asked = await askIdentity(db, { orderId: order.id, staffId, actor: 'staff', mail })
  expect(asked.ok).toBe(true)
  const token = await tokenMailed(order.id)
  const row = await checkRow(order.id)
  expect(row).toMatchObject({ askedBecause: 'staff', askedBy: staffId, tokenHash: hashIdentityToken(token) })
  expect(JSON.stringify(row)).not.toContain(token)
  await expect(readIdentityLink(db, token)).resolves.toMatchObject({ orderId: order.id, reference: order.reference })
  await expect(readIdentityLink(db, `${token}x`)).resolves.toBeNull()
  // Asked again while it waits: nothing new, no second e-mail.
  await expect(askIdentity(db, { orderId: order.id, staffId, actor: 'staff', mail })).resolves.toEqual({
    ok: false,
    reason: 'already-asked',
  })
  await tokenMailed(order.id)
  expect(await actions(order.id)).toEqual([IDENTITY_EVENTS.ask])
})

it('leaves an order waiting for proof of identity out of a payment run and refuses to pay it by hand', async () => {
  const waiting = await payable()
  const free = await payable()
  await askIdentity(db, { orderId: waiting.id, staffId, actor: 'staff', mail })
  const ready = (await readyOrders(db)).map((order) => order.id)
  expect(ready).toContain(free.id)
  expect(ready).not.toContain(waiting.id)

  const run = await makeRun(db, {
    orderIds: [waiting.id, free.id],
    manager: { id: managerId, name: 'Maya Manager' },
    originator,
    keys,
  })
  expect(run).toMatchObject({ ok: true, count: 1, skipped: 1 })
  const statuses = await db
    .select({ id: sellerOrder.id, status: sellerOrder.status })
    .from(sellerOrder)
    .where(eq(sellerOrder.id, waiting.id))
  expect(statuses).toEqual([{ id: waiting.id, status: 'checked' }])

  await expect(
    moveOrder(db, {
      orderId: waiting.id,
      move: 'pay',
      actor: 'manager',
      actorUserId: managerId,
      expectedStatus: 'checked',
    }),
  ).resolves.toEqual({ ok: false, reason: 'identity-unseen' })
})

it('takes a photo through the link by the device photos’ rules, and keeps it without its metadata', async () => {
  const order = await payable()
  await askIdentity(db, { orderId: order.id, staffId, actor: 'staff', mail })
  const token = await tokenMailed(order.id)
  const upload = (documentType: unknown, file: Uint8Array | null, with_ = token) =>
    uploadIdentity(db, { token: with_, documentType, file })
  const image = await photo()
  await expect(upload('selfie', image)).resolves.toEqual({ ok: false, code: 'documentMissing' })
  await expect(upload('passport', null)).resolves.toEqual({ ok: false, code: 'fileMissing' })
  await expect(upload('passport', Buffer.from('%PDF-1.7 not a photo at all'))).resolves.toEqual({
    ok: false,
    code: 'fileNotImage',
  })
  await expect(upload('passport', Buffer.alloc(16 * 1024 * 1024, 0xff))).resolves.toEqual({
    ok: false,
    code: 'fileTooLarge',
  })
  // JPEG's first bytes, then nothing an image decoder can read.
  await expect(upload('passport', Buffer.from([0xff, 0xd8, 0xff, 0xe0, ...randomBytes(64)]))).resolves.toEqual({
    ok: false,
    code: 'fileUnreadable',
  })
  await expect(upload('passport', image, 'a-guessed-token')).resolves.toEqual({ ok: false, code: 'linkInvalid' })
  expect((await checkRow(order.id))?.image).toBeNull()

  await expect(upload('driving-licence', image)).resolves.toEqual({ ok: true })
  const row = await checkRow(order.id)
  expect(row?.documentType).toBe('driving-licence')
  expect(row?.uploadedAt).toBeInstanceOf(Date)
  const kept = await sharp(row!.image!).metadata()
  expect(kept.format).toBe('webp')
  expect(kept.exif).toBeUndefined()
  expect(await actions(order.id)).toEqual([IDENTITY_EVENTS.ask, IDENTITY_EVENTS.upload])
})

it('keeps only the fact once staff have seen it: the photo and the link are gone, and the order is paid', async () => {
  const order = await payable()
  await askIdentity(db, { orderId: order.id, staffId, actor: 'staff', mail })
  const token = await tokenMailed(order.id)
  await expect(verifyIdentity(db, { orderId: order.id, staffId, actor: 'staff', outcome: 'seen' })).resolves.toEqual({
    ok: false,
    reason: 'nothing-to-verify',
  })
  await uploadIdentity(db, { token, documentType: 'passport', file: await photo() })

  await expect(verifyIdentity(db, { orderId: order.id, staffId, actor: 'staff', outcome: 'seen' })).resolves.toEqual({
    ok: true,
  })
  const row = await checkRow(order.id)
  expect(row).toMatchObject({
    image: null,
    tokenHash: null,
    documentType: 'passport',
    verifiedBy: staffId,
    outcome: 'seen',
  })
  expect(row?.verifiedAt).toBeInstanceOf(Date)
  await expect(identityOf(db, order.id)).resolves.toMatchObject({ hasImage: false, outcome: 'seen' })
  // The link opens nothing now, and a second verdict changes nothing.
  await expect(readIdentityLink(db, token)).resolves.toBeNull()
  await expect(uploadIdentity(db, { token, documentType: 'passport', file: await photo() })).resolves.toEqual({
    ok: false,
    code: 'linkInvalid',
  })
  await expect(verifyIdentity(db, { orderId: order.id, staffId, actor: 'staff', outcome: 'refused' })).resolves.toEqual(
    {
      ok: false,
      reason: 'nothing-to-verify',
    },
  )
  const seen = (await db.select().from(orderEvent).where(eq(orderEvent.orderId, order.id))).find(
    (event) => event.action === IDENTITY_EVENTS.seen,
  )
  expect(seen).toMatchObject({ actorName: 'Ida Identity', reason: 'passport' })
  // The database itself refuses a verdict beside a photo.
  await expect(
    db
      .update(orderIdentityCheck)
      .set({ image: Buffer.from('again') })
      .where(eq(orderIdentityCheck.orderId, order.id)),
  ).rejects.toThrow()

  expect((await readyOrders(db)).map((ready) => ready.id)).toContain(order.id)
  await expect(
    moveOrder(db, {
      orderId: order.id,
      move: 'pay',
      actor: 'manager',
      actorUserId: managerId,
      expectedStatus: 'checked',
    }),
  ).resolves.toMatchObject({ ok: true, to: 'paid' })
})

it('asks again after a refusal, with a new link; the old one opens nothing', async () => {
  const order = await payable()
  await askIdentity(db, { orderId: order.id, staffId, actor: 'staff', mail })
  const first = await tokenMailed(order.id)
  await uploadIdentity(db, { token: first, documentType: 'identity-card', file: await photo() })
  await verifyIdentity(db, { orderId: order.id, staffId, actor: 'staff', outcome: 'refused' })
  expect(await checkRow(order.id)).toMatchObject({ outcome: 'refused', image: null, tokenHash: null })
  expect((await readyOrders(db)).map((ready) => ready.id)).not.toContain(order.id)

  await expect(askIdentity(db, { orderId: order.id, staffId, actor: 'staff', mail })).resolves.toMatchObject({
    ok: true,
  })
  const mails = await db.select().from(emailOutbox).where(eq(emailOutbox.orderId, order.id))
  expect(mails.filter((one) => one.kind === 'identityAsked')).toHaveLength(2)
  expect(await checkRow(order.id)).toMatchObject({ outcome: null, verifiedAt: null, documentType: null })
  await expect(readIdentityLink(db, first)).resolves.toBeNull()
  expect(await actions(order.id)).toEqual([
    IDENTITY_EVENTS.ask,
    IDENTITY_EVENTS.upload,
    IDENTITY_EVENTS.refused,
    IDENTITY_EVENTS.ask,
  ])
})

it('asks nothing of an order at rest, never asked before: no check, no e-mail, no event', async () => {
  for (const status of ['cancelled', 'paid'] as const) {
    const order = await payable()
    await db.update(sellerOrder).set({ status }).where(eq(sellerOrder.id, order.id))
    expect(identityAskable(null, { status })).toBe(false)
    await expect(askIdentity(db, { orderId: order.id, staffId, actor: 'staff', mail })).resolves.toEqual({
      ok: false,
      reason: 'order-ended',
    })
    expect(await checkRow(order.id)).toBeUndefined()
    const mails = await db.select().from(emailOutbox).where(eq(emailOutbox.orderId, order.id))
    expect(mails.filter((one) => one.kind === 'identityAsked')).toHaveLength(0)
    expect(await actions(order.id)).toEqual([])
  }
})

it('asks again once its link has lapsed or a photo nobody checked was deleted: a new link and e-mail, the old link dead', async () => {
  const asked = new Date(Date.now() - 40 * DAY_MS)
  const later = (days: number) => new Date(asked.getTime() + days * DAY_MS)
  const lapsed = await payable()
  const aged = await payable()
  const sentLate = await payable()
  for (const order of [lapsed, aged, sentLate]) {
    await askIdentity(db, { orderId: order.id, staffId, actor: 'staff', mail, now: asked })
  }
  // One photo deleted for its age, one sent and still waiting for staff; the third link never used.
  const agedToken = await tokenMailed(aged.id)
  await uploadIdentity(db, { token: agedToken, documentType: 'passport', file: await photo(), now: later(1) })
  await applyIdentityRetention(db, later(16), 14)
  await uploadIdentity(db, {
    token: await tokenMailed(sentLate.id),
    documentType: 'passport',
    file: await photo(),
    now: later(29),
  })
  const lapsedToken = await tokenMailed(lapsed.id)
  // The staff page offers its button exactly where the store will ask again.
  const offered = async (orderId: string, now?: Date) =>
    identityAskable(await identityOf(db, orderId), { status: 'checked' }, now)
  expect([await offered(lapsed.id), await offered(aged.id), await offered(sentLate.id)]).toEqual([true, true, false])
  expect(await offered(lapsed.id, later(29))).toBe(false)

  for (const order of [lapsed, aged]) {
    await expect(askIdentity(db, { orderId: order.id, staffId, actor: 'staff', mail })).resolves.toMatchObject({
      ok: true,
    })
    // Pressed twice: the second finds a fresh link waiting, and sends nothing.
    await expect(askIdentity(db, { orderId: order.id, staffId, actor: 'staff', mail })).resolves.toEqual({
      ok: false,
      reason: 'already-asked',
    })
    const mails = await db.select().from(emailOutbox).where(eq(emailOutbox.orderId, order.id))
    const tokens = mails
      .filter((one) => one.kind === 'identityAsked')
      .map((one) => /proof-of-identity\?token=([A-Za-z0-9_-]+)/.exec(one.textBody)?.[1])
    expect(tokens).toHaveLength(2)
    expect(tokens[1]).not.toBe(tokens[0])
    expect(await checkRow(order.id)).toMatchObject({
      tokenHash: hashIdentityToken(tokens[1]!),
      uploadedAt: null,
      documentType: null,
      outcome: null,
    })
    await expect(readIdentityLink(db, tokens[1]!)).resolves.toMatchObject({ orderId: order.id })
  }
  // The old links open nothing, even on a day they would have worked.
  await expect(readIdentityLink(db, lapsedToken, later(1))).resolves.toBeNull()
  await expect(readIdentityLink(db, agedToken, later(1))).resolves.toBeNull()
  expect(await actions(lapsed.id)).toEqual([IDENTITY_EVENTS.ask, IDENTITY_EVENTS.ask])
  expect(await actions(aged.id)).toEqual([
    IDENTITY_EVENTS.ask,
    IDENTITY_EVENTS.upload,
    IDENTITY_EVENTS.photoRemoved,
    IDENTITY_EVENTS.ask,
  ])
  // A photo still waiting for staff is never thrown away by asking again, however old its link.
  await expect(askIdentity(db, { orderId: sentLate.id, staffId, actor: 'staff', mail })).resolves.toEqual({
    ok: false,
    reason: 'already-asked',
  })
  expect((await checkRow(sentLate.id))?.image).not.toBeNull()
})

it('opens nothing with a link older than its days', async () => {
  const order = await payable()
  await askIdentity(db, { orderId: order.id, staffId, actor: 'staff', mail, now: new Date(Date.now() - 31 * DAY_MS) })
  await expect(readIdentityLink(db, await tokenMailed(order.id))).resolves.toBeNull()
})

it('is asked when an order is placed above the amount or to a bank account another seller’s order used, with the confirmation', async () => {
  const settings = { askAbovePence: 20_000, askWhenAccountShared: true }
  const place = async (
    pricePence: number,
    payoutMatch: string,
    email = `sam.${randomUUID().slice(0, 8)}@example.com`,
  ) => {
    const placed = await placeOrder(
      db,
      sampleOrder({
        payoutMatch,
        contact: { ...sampleOrder().contact, email },
        items: [{ ...sampleOrder().items[0]!, pricePence }],
        afterPlace: (tx, order) =>
          askAtCheckout(tx, { id: order.id, totalPence: pricePence, payoutMatch, email }, settings, mail),
      }),
    )
    if (placed.kind !== 'placed') throw new Error(placed.kind)
    return placed
  }
  const account = `key.match-${randomUUID()}`
  const seller = `repeat.${randomUUID().slice(0, 8)}@example.com`
  const small = await place(20_000, account, seller)
  const large = await place(20_001, `key.match-${randomUUID()}`)
  // The same seller selling again to their own account (their address in another case) is no match.
  const repeat = await place(5_000, account, seller.toUpperCase())
  const again = await place(5_000, account)
  expect(await checkRow(small.id)).toBeUndefined()
  expect(await checkRow(repeat.id)).toBeUndefined()
  expect(await checkRow(large.id)).toMatchObject({ askedBecause: 'amount', askedBy: null })
  expect(await checkRow(again.id)).toMatchObject({ askedBecause: 'duplicate' })
  await tokenMailed(large.id)
  const [event] = await db.select().from(orderEvent).where(eq(orderEvent.orderId, large.id)).orderBy(asc(orderEvent.id))
  expect(event?.action).toBe('place')
  expect(await actions(large.id)).toEqual([IDENTITY_EVENTS.ask])

  // The same account again with the editors' box unticked: not asked.
  await db.transaction((tx) =>
    askAtCheckout(
      tx,
      { id: small.id, totalPence: 5_000, payoutMatch: account, email: 'someone.else@example.com' },
      { ...settings, askWhenAccountShared: false },
      mail,
    ),
  )
  expect(await checkRow(small.id)).toBeUndefined()
})

it('deletes a photo nobody checked, the set days after it was sent or as soon as its order ends, with the event', async () => {
  const sent = new Date()
  const later = (days: number) => new Date(sent.getTime() + days * DAY_MS)
  const waiting = await payable()
  const cancelled = await payable()
  for (const order of [waiting, cancelled]) {
    await askIdentity(db, { orderId: order.id, staffId, actor: 'staff', mail, now: sent })
    const token = await tokenMailed(order.id)
    await expect(
      uploadIdentity(db, { token, documentType: 'passport', file: await photo(), now: sent }),
    ).resolves.toEqual({ ok: true })
  }
  const waitingToken = await tokenMailed(waiting.id)
  const cancelledToken = await tokenMailed(cancelled.id)

  // Not yet due: neither ended nor older than the days.
  await applyIdentityRetention(db, later(13), 14)
  expect((await checkRow(waiting.id))?.image).not.toBeNull()

  // The order ends: its photo and its link go at once.
  await db.update(sellerOrder).set({ status: 'cancelled' }).where(eq(sellerOrder.id, cancelled.id))
  await applyIdentityRetention(db, later(1), 14)
  expect(await checkRow(cancelled.id)).toMatchObject({ image: null, tokenHash: null, verifiedAt: null })
  await expect(readIdentityLink(db, cancelledToken, later(1))).resolves.toBeNull()
  expect((await checkRow(waiting.id))?.image).not.toBeNull()
  // An ended order's seller is not asked again for a sale that will never be paid.
  expect(identityAskable(await identityOf(db, cancelled.id), { status: 'cancelled' })).toBe(false)
  await expect(askIdentity(db, { orderId: cancelled.id, staffId, actor: 'staff', mail })).resolves.toEqual({
    ok: false,
    reason: 'order-ended',
  })

  // Past the days: the photo goes, the link stays while it works, and the seller may send another.
  await applyIdentityRetention(db, later(15), 14)
  expect(await checkRow(waiting.id)).toMatchObject({ image: null, verifiedAt: null, outcome: null })
  expect((await checkRow(waiting.id))?.tokenHash).not.toBeNull()
  await expect(applyIdentityRetention(db, later(15), 14)).resolves.toBe(0)
  for (const order of [waiting, cancelled]) {
    expect(await actions(order.id)).toEqual([IDENTITY_EVENTS.ask, IDENTITY_EVENTS.upload, IDENTITY_EVENTS.photoRemoved])
  }
  await expect(
    uploadIdentity(db, { token: waitingToken, documentType: 'passport', file: await photo(), now: later(16) }),
  ).resolves.toEqual({ ok: true })
})
