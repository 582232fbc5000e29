import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { EmailCopy } from '@/content/types'
import type { Db } from '@/db/connection'
import { contactMessage, emailOutbox, manualOffer, orderEvent, orderItem, sellerOrder, user } from '@/db/schema'
import { manualOfferMail } from '@/orders/manual-offers/offer-mail'
import { validateOffer } from '@/orders/manual-offers/offer-rules'
import {
  claimOffer,
  findOffer,
  makeOffer,
  markOfferAccepted,
  offerCounts,
  offersOf,
  withdrawOffer,
} from '@/orders/manual-offers/offer-store'
import { offerToken, readOfferToken } from '@/orders/record/order-token'
import { placeOrder } from '@/orders/record/store'
import { sampleOrder } from '../../support/order-fixtures'
import { seedWithFacts } from '../../support/seed-facts'
import { withFileDatabase } from '../../support/test-database'

process.env.BETTER_AUTH_SECRET ??= 'manual-offers-test-secret-0123456789abcdef'

let db: Db
withFileDatabase((opened) => (db = opened))

const DAY = 24 * 60 * 60 * 1000
const mail = { copy: seedWithFacts('emailCopy') as EmailCopy, origin: 'https://shop.example' }

async function staffMember(name = 'Sam Staff') {
  const id = randomUUID()
  await db.insert(user).values({ id, name, email: `${id}@example.com`, role: 'staff', twoFactorEnabled: true })
  return { userId: id, name }
}

/** A contact message about a device not in the catalogue, and an offer made from it. */
async function offerFor({ pricePence = 24_000, expiresAt = new Date(Date.now() + 14 * DAY) } = {}) {
  const email = `jo.${randomUUID().slice(0, 8)}@example.com`
  const [message] = await db
    .insert(contactMessage)
    .values({ name: 'Jo Bloggs', email, message: 'I have a Pixel Fold, it is not in your list.' })
    .returning({ id: contactMessage.id })
  const actor = await staffMember()
  const offer = {
    messageId: message!.id,
    model: 'Google Pixel Fold 256GB',
    pricePence,
    recycle: false,
    reason: 'Like new, boxed',
  }
  const id = await makeOffer(db, { ...offer, actor, expiresAt }, (recipient) =>
    manualOfferMail(recipient, { ...offer, expiresAt }, mail, offer.messageId),
  )
  return { id: id!, messageId: message!.id, email, actor, token: offerToken(id!, expiresAt) }
}

/** What accepting places (web/orders/manual-offers/accept.ts): the order keyed by the offer, its hooks. */
async function accept(id: string, requestHash = 'same details') {
  const offer = (await findOffer(db, id))!
  return placeOrder(
    db,
    sampleOrder({
      idempotencyKey: `staff-offer:${id}`,
      requestHash,
      items: [
        {
          modelId: 'staff-offer',
          device: offer.model,
          variantKey: 'staff-offer',
          gradeKey: 'staff-offer',
          gradeName: 'As you described it to us',
          answers: {},
          pricePence: offer.pricePence,
          catalogueRevision: `staff-offer:${id}`,
        },
      ],
      offer: {
        claim: (tx) => claimOffer(tx, id),
        placed: (tx, placed) => markOfferAccepted(tx, id, placed.id),
        madeBy: { userId: offer.madeBy, name: offer.madeByName, reason: offer.reason },
      },
    }),
  )
}

const ordersOf = (id: string) =>
  db
    .select()
    .from(sellerOrder)
    .where(eq(sellerOrder.idempotencyKey, `staff-offer:${id}`))

describe('making an offer', () => {
  it('keeps it and e-mails the message’s address a link that opens this offer alone', async () => {
    const { id, messageId, email, token } = await offerFor()
    expect(await offersOf(db, messageId)).toEqual([
      expect.objectContaining({ id, model: 'Google Pixel Fold 256GB', pricePence: 24_000, status: 'open' }),
    ])
    const mails = await db.select().from(emailOutbox).where(eq(emailOutbox.contactMessageId, messageId))
    expect(mails).toHaveLength(1)
    expect(mails[0]).toMatchObject({ kind: 'manualOffer', toAddress: email })
    expect(mails[0]!.textBody).toContain('£240')
    expect(mails[0]!.textBody).toContain(`/complete-order?offer=${encodeURIComponent(token)}`)
    expect(readOfferToken(token)).toBe(id)
  })

  it('makes nothing for a message that is gone', async () => {
    const actor = await staffMember()
    const made = await makeOffer(
      db,
      {
        messageId: randomUUID(),
        model: 'X',
        pricePence: 1000,
        recycle: false,
        reason: 'r',
        actor,
        expiresAt: new Date(),
      },
      () => {
        throw new Error('no e-mail for a message that is gone')
      },
    )
    expect(made).toBeNull()
  })
})

describe('the price', () => {
  const price = (value: string) =>
    validateOffer({ messageId: randomUUID(), model: 'Pixel Fold', reason: 'r', price: value })

  it('is typed in pounds and kept in whole pence', () => {
    expect(price('85.50')).toMatchObject({ ok: true, value: { pricePence: 8550 } })
    expect(price('£1,200')).toMatchObject({ ok: true, value: { pricePence: 120_000 } })
  })

  it.each(['', '0', '0.99', '2000.01', '20000', '-5', 'abc', '1e3', '85.505'])('refuses "%s"', (value) => {
    expect(price(value)).toEqual({ ok: false, errors: [{ field: 'price', code: 'priceInvalid' }] })
  })

  it('is £0 only with free recycling ticked, and then no price may be typed', () => {
    const offer = (more: Record<string, string>) =>
      validateOffer({ messageId: randomUUID(), model: 'Nokia 3310', reason: 'No resale value', ...more })
    expect(offer({ recycle: 'true', price: '' })).toMatchObject({ ok: true, value: { pricePence: 0, recycle: true } })
    expect(offer({ price: '85' })).toMatchObject({ ok: true, value: { pricePence: 8500, recycle: false } })
    for (const price of ['0', '85'])
      expect(offer({ recycle: 'true', price })).toEqual({
        ok: false,
        errors: [{ field: 'price', code: 'recycleWithPrice' }],
      })
  })

  it('is held to the bounds by the table too, whatever the code above does', async () => {
    const { messageId } = await offerFor()
    const row = { messageId, model: 'X', reason: 'r', madeByName: 'S', expiresAt: new Date() }
    await expect(db.insert(manualOffer).values({ ...row, pricePence: 0 })).rejects.toThrow()
    await expect(db.insert(manualOffer).values({ ...row, pricePence: 200_001 })).rejects.toThrow()
  })
})

describe('the link', () => {
  it('is refused forged, altered, for another offer, or expired', async () => {
    const { id, token } = await offerFor()
    const [, expires, signature] = token.split('.')
    const other = randomUUID()
    expect(readOfferToken(`${other}.${expires}.${signature}`)).toBeNull()
    expect(readOfferToken(`${id}.${Number(expires) + 86_400}.${signature}`)).toBeNull()
    expect(readOfferToken(`${id}.${expires}.${signature!.slice(0, -2)}AA`)).toBeNull()
    expect(readOfferToken(`${id}.${expires}`)).toBeNull()
    expect(readOfferToken(token, Number(expires) * 1000 + 1)).toBeNull()
    // An order's link, signed for its own purpose, opens no offer.
    expect(readOfferToken(offerToken(id, new Date(Date.now() + DAY), 'another secret'))).toBeNull()
  })
})

describe('accepting', () => {
  it('places one order at the offer’s price, its first event naming who made the offer and why', async () => {
    const { id, actor } = await offerFor({ pricePence: 24_050 })
    const placed = await accept(id)
    expect(placed.kind).toBe('placed')
    const [order] = await ordersOf(id)
    expect(order).toMatchObject({ totalPence: 24_050, status: 'placed' })
    const items = await db.select().from(orderItem).where(eq(orderItem.orderId, order!.id))
    expect(items).toEqual([expect.objectContaining({ device: 'Google Pixel Fold 256GB', pricePence: 24_050 })])
    const events = await db.select().from(orderEvent).where(eq(orderEvent.orderId, order!.id))
    expect(events).toEqual([
      expect.objectContaining({
        action: 'place',
        actor: 'staff',
        actorUserId: actor.userId,
        actorName: actor.name,
        reason: 'Like new, boxed',
      }),
    ])
    expect(await findOffer(db, id)).toMatchObject({ status: 'accepted', orderId: order!.id })
    expect(await offerCounts(db)).toMatchObject({ accepted: expect.any(Number) })
  })

  it('answers the same form sent twice with its order, refuses other details, and makes one order', async () => {
    const { id } = await offerFor()
    const first = await accept(id, 'details A')
    const again = await accept(id, 'details A')
    const other = await accept(id, 'details B')
    expect(first.kind).toBe('placed')
    expect(again).toEqual({ kind: 'replayed', id: (first as { id: string }).id, reference: expect.any(String) })
    expect(other).toEqual({ kind: 'key-reused' })
    expect(await ordersOf(id)).toHaveLength(1)
  })

  it('makes one order from two accepts sent at once', async () => {
    const { id } = await offerFor()
    const results = await Promise.all([accept(id, 'a'), accept(id, 'b'), accept(id, 'a')])
    expect(results.filter((result) => result.kind === 'placed')).toHaveLength(1)
    expect(await ordersOf(id)).toHaveLength(1)
  })

  it('places nothing for an offer withdrawn', async () => {
    const { id, messageId } = await offerFor()
    expect(await withdrawOffer(db, { id, messageId, actorName: 'Sam Staff' })).toBe(true)
    expect(await accept(id)).toEqual({ kind: 'closed' })
    expect(await ordersOf(id)).toHaveLength(0)
    expect(await findOffer(db, id)).toMatchObject({ status: 'withdrawn', closedByName: 'Sam Staff' })
  })

  it('places nothing for an offer past its time', async () => {
    const { id } = await offerFor({ expiresAt: new Date(Date.now() - 1000) })
    expect(await accept(id)).toEqual({ kind: 'closed' })
    expect(await ordersOf(id)).toHaveLength(0)
  })

  it('cannot withdraw an offer accepted, nor one from another message', async () => {
    const { id, messageId } = await offerFor()
    const { id: otherId } = await offerFor()
    expect(await withdrawOffer(db, { id: otherId, messageId, actorName: 'Sam' })).toBe(false)
    await accept(id)
    expect(await withdrawOffer(db, { id, messageId, actorName: 'Sam' })).toBe(false)
    expect(await findOffer(db, id)).toMatchObject({ status: 'accepted' })
  })
})

describe('the staff home’s counts', () => {
  it('counts offers made, accepted and open now', async () => {
    const before = await offerCounts(db)
    const open = await offerFor()
    await offerFor({ expiresAt: new Date(Date.now() - 1000) })
    const accepted = await offerFor()
    await accept(accepted.id)
    expect(await offerCounts(db)).toEqual({
      made: before.made + 3,
      accepted: before.accepted + 1,
      open: before.open + 1,
    })
    expect(open.id).toBeTruthy()
  })

  it('forgets an offer with its message (retention, erasure)', async () => {
    const { id, messageId } = await offerFor()
    await db.delete(contactMessage).where(eq(contactMessage.id, messageId))
    expect(await findOffer(db, id)).toBeNull()
  })
})
