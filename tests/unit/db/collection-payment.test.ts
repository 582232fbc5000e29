import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { collectionBankLinkMail, collectionQuoteMail, collectionRemittanceMail } from '@/collections/mail'
import { BANK_LINK_DAYS } from '@/collections/payment/payment-link'
import { applyCollectionAnswer, renewBankLink, type BankLinkMail } from '@/collections/payment/payment-returns'
import {
  collectionPaymentOf,
  giveCollectionBankDetails,
  payCollection,
  readBankLink,
  type RemittanceMail,
} from '@/collections/payment/payment-store'
import { sendCollectionQuote, valueCollectionDevice, type QuoteMail } from '@/collections/quote/quote-store'
import { removeContactFrom } from '@/collections/store'
import type { EmailCopy } from '@/content/types'
import type { Db } from '@/db/connection'
import { collectionPayment, collectionPaymentEvent, collectionRequest, emailOutbox } from '@/db/schema'
import type { BankDetails } from '@/payouts/bank/bank-transfer'
import type { Payer, PaymentAnswer, PaymentRequest } from '@/payouts/payer'
import { openPayout, readPayoutKeys } from '@/payouts/payout-crypto'
import { collectedWithDevices, collectionStaff } from '../../support/collection-fixture'
import { seedWithFacts } from '../../support/seed-facts'
import { withFileDatabase } from '../../support/test-database'

/**
 * Paying a business collection's quote, on PGlite and on a PostgreSQL server: the quote's link for
 * the business's bank details works once (a wrong or used one keeps nothing); a manager's payment
 * goes through the payer once with one key, however often it is pressed, and after a stop between
 * the payer taking it and the site recording it; the remittance e-mail lists each device's value.
 */
let db: Db
withFileDatabase((opened) => (db = opened))

let staff: Awaited<ReturnType<typeof collectionStaff>>
beforeAll(async () => {
  staff = await collectionStaff(db)
})

const keys = readPayoutKeys({ PAYOUT_ENCRYPTION_KEY: randomBytes(32).toString('base64') })
const copy = () => seedWithFacts('emailCopy') as EmailCopy
const GOOD = { key: 'good', name: 'Good' }
const FAULTY = { key: 'faulty', name: 'Faulty' }
/** Confirmation of Payee's answer kept with the details: the bank matched the name. */
const matched = { payeeCheck: 'match' as const, payeeBankName: null, payeeReason: null }
const bank: BankDetails = { accountHolder: 'Acme Ltd', sortCode: '309430', accountNumber: '12345678' }
const remittance: RemittanceMail = (request, quote, payment) =>
  collectionRemittanceMail(request, quote, payment, copy())
/** The new links e-mailed, newest last. */
const newLinks: string[] = []
const linkMail: BankLinkMail = (request, payment, token, why) => {
  newLinks.push(token)
  return collectionBankLinkMail(request, payment, copy(), why, `https://example.test/b?token=${token}`)
}

/** The quote sent with a device at £45.50, one at £120 and one recycled: its id, address and link's token. */
async function quoted(values: ('recycle' | number)[] = [4550, 12000, 'recycle']) {
  const { id, email } = await collectedWithDevices(db, staff, values.length)
  for (const [index, value] of values.entries())
    await valueCollectionDevice(
      db,
      id,
      index + 1,
      value === 'recycle' ? { kind: 'recycle', grade: FAULTY } : { kind: 'price', pence: value, grade: GOOD },
      staff.by,
    )
  let token: string | null = null
  const mail: QuoteMail = (request, quote, link) => {
    token = link
    return collectionQuoteMail(
      request,
      quote,
      copy(),
      'CBDU000000',
      link ? `https://example.test/b?token=${link}` : undefined,
    )
  }
  expect(await sendCollectionQuote(db, id, staff.by, mail)).toMatchObject({ kind: 'sent' })
  return { id, email, token: token as string | null }
}

/** A payer that keeps each payment by its key, as the provider (and its stand-in) does. */
function fakePayer(options: { crashAfterSending?: boolean; down?: boolean; rejectKeys?: Set<string> } = {}) {
  const payments = new Map<string, PaymentRequest<BankDetails> & { id: string }>()
  let calls = 0
  const payer: Payer<BankDetails> & { payments: typeof payments; calls: () => number } = {
    id: 'faster-payments',
    payments,
    calls: () => calls,
    async send(request) {
      calls++
      if (options.down) return { ok: false, reason: 'unavailable', detail: 'down' }
      const first = payments.get(request.idempotencyKey) ?? { ...request, id: `p-${request.idempotencyKey}` }
      payments.set(request.idempotencyKey, first)
      if (options.crashAfterSending) throw new Error('stopped before recording')
      const answer: PaymentAnswer = options.rejectKeys?.has(request.idempotencyKey)
        ? { id: first.id, status: 'rejected', reason: 'Account closed' }
        : { id: first.id, status: 'accepted', reason: null }
      return { ok: true, value: answer }
    },
    read: async () => ({ ok: false, reason: 'unavailable', detail: 'unused' }),
    verifyWebhook: () => null,
  }
  return payer
}

const manager = () => ({ ...staff.by, actor: 'manager' as const })

describe("a business collection's payment", () => {
  it('opens no payment for a quote of £0', async () => {
    const { id, token } = await quoted(['recycle'])
    expect(token).toBeNull()
    expect(await collectionPaymentOf(db, id)).toBeNull()
    const payer = fakePayer()
    expect(await payCollection(db, id, manager(), { payer, keys, mail: remittance, linkMail })).toEqual({
      kind: 'refused',
      code: 'notPayable',
    })
  })

  it('keeps the bank details, sealed, once by the link; a forged or used link keeps nothing', async () => {
    const { id, email, token } = await quoted()
    const [quoteMail] = (await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email))).filter(
      (row) => row.kind === 'collection-quote',
    )
    expect(quoteMail?.textBody).toContain(`token=${token}`)
    expect(await readBankLink(db, token!)).toMatchObject({ amountPence: 16550 })
    // Only the hash of the link is kept.
    const [stored] = await db.select().from(collectionPayment).where(eq(collectionPayment.requestId, id))
    expect(stored?.tokenHash).not.toContain(token!)

    expect(await giveCollectionBankDetails(db, `${token}x`, bank, matched, keys)).toBe(false)
    expect(await giveCollectionBankDetails(db, 'forged', bank, matched, keys)).toBe(false)
    expect(await giveCollectionBankDetails(db, token!, bank, matched, keys)).toBe(true)
    expect(await giveCollectionBankDetails(db, token!, { ...bank, accountNumber: '87654321' }, matched, keys)).toBe(
      false,
    )
    expect(await readBankLink(db, token!)).toBeNull()

    const [given] = await db.select().from(collectionPayment).where(eq(collectionPayment.requestId, id))
    expect(given).toMatchObject({ state: 'given', tokenHash: null, bankLast4: '5678' })
    expect(given?.bankSealed).not.toContain('12345678')
    expect(openPayout(given!.bankSealed!, id, keys)).toEqual(bank)
    const events = await db.select().from(collectionPaymentEvent).where(eq(collectionPaymentEvent.requestId, id))
    expect(events.map((event) => event.action)).toEqual(['bank-details'])
  })

  it('refuses to pay before the bank details, and pays a double press once, with one remittance e-mail', async () => {
    const { id, email, token } = await quoted()
    const payer = fakePayer()
    const world = { payer, keys, mail: remittance, linkMail }
    expect(await payCollection(db, id, manager(), world)).toEqual({ kind: 'refused', code: 'noBankDetails' })
    expect(payer.calls()).toBe(0)

    await giveCollectionBankDetails(db, token!, bank, matched, keys)
    const outcomes = await Promise.all([
      payCollection(db, id, manager(), world),
      payCollection(db, id, manager(), world),
    ])
    expect(outcomes.map((outcome) => outcome.kind).sort()).toEqual(['already', 'paid'])
    expect(await payCollection(db, id, manager(), world)).toEqual({ kind: 'already' })
    expect([...payer.payments.values()]).toEqual([
      expect.objectContaining({ amountPence: 16550, details: bank, idempotencyKey: `collection.${id}` }),
    ])

    const mails = (await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email))).filter(
      (row) => row.kind === 'collection-remittance',
    )
    expect(mails).toHaveLength(1)
    expect(mails[0]?.collectionRequestId).toBe(id)
    expect(mails[0]?.textBody).toContain('£45.50')
    expect(mails[0]?.textBody).toContain('£120.00')
    expect(mails[0]?.textBody).toContain('£165.50')
    expect(mails[0]?.textBody).toContain(copy().collectionQuoteRecycled)
    const view = await collectionPaymentOf(db, id)
    expect(view).toMatchObject({ state: 'paid', amountPence: 16550 })
    expect(view?.reference).toMatch(/^COL-[0-9A-F]{12}$/)
    expect(mails[0]?.textBody).toContain(view!.reference)
    expect(view?.events.map((event) => event.action)).toEqual(['bank-details', 'pay', 'paid'])
  })

  it('pays once after a stop between the payer taking the payment and the site recording it', async () => {
    const { id, token } = await quoted()
    await giveCollectionBankDetails(db, token!, bank, matched, keys)
    const crashing = fakePayer({ crashAfterSending: true })
    await expect(
      payCollection(db, id, manager(), { payer: crashing, keys, mail: remittance, linkMail }),
    ).rejects.toThrow()
    expect(await collectionPaymentOf(db, id)).toMatchObject({ state: 'sending' })

    // The same provider, answering again: the retry sends the same key, and the first payment comes back.
    const again = { ...crashing, send: fakePayerSendOf(crashing) }
    expect(await payCollection(db, id, manager(), { payer: again, keys, mail: remittance, linkMail })).toEqual({
      kind: 'paid',
      amountPence: 16550,
    })
    expect(crashing.payments.size).toBe(1)
  })

  it('takes the bank details with the contact, and keeps what was paid', async () => {
    const { id, token } = await quoted()
    await giveCollectionBankDetails(db, token!, bank, matched, keys)
    await payCollection(db, id, manager(), { payer: fakePayer(), keys, mail: remittance, linkMail })
    expect(await removeContactFrom(db, eq(collectionRequest.id, id))).toEqual([id])
    const [kept] = await db.select().from(collectionPayment).where(eq(collectionPayment.requestId, id))
    expect(kept).toMatchObject({
      bankSealed: null,
      bankLast4: null,
      tokenHash: null,
      state: 'paid',
      amountPence: 16550,
    })
  })

  it('records nothing paid while the payer is down, and pays when pressed again', async () => {
    const { id, token } = await quoted()
    await giveCollectionBankDetails(db, token!, bank, matched, keys)
    expect(
      await payCollection(db, id, manager(), { payer: fakePayer({ down: true }), keys, mail: remittance, linkMail }),
    ).toEqual({
      kind: 'failed',
    })
    expect(await collectionPaymentOf(db, id)).toMatchObject({ state: 'sending', paidAt: null })
    const payer = fakePayer()
    expect(await payCollection(db, id, manager(), { payer, keys, mail: remittance, linkMail })).toMatchObject({
      kind: 'paid',
    })
    expect(payer.payments.size).toBe(1)
  })
})

describe("a business collection's payment sent back", () => {
  const tokenOf = (url: string) => new URL(url).searchParams.get('token')!
  const mailsTo = async (email: string, kind: string) =>
    (await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email))).filter((row) => row.kind === kind)

  it('asks for the bank details again when the payer rejects the payment, and pays once more with a new key', async () => {
    const { id, email, token } = await quoted()
    await giveCollectionBankDetails(db, token!, bank, matched, keys)
    const payer = fakePayer({ rejectKeys: new Set([`collection.${id}`]) })
    const world = { payer, keys, mail: remittance, linkMail }
    // Two presses meet the same rejection: one return, one new link.
    const outcomes = await Promise.all([
      payCollection(db, id, manager(), world),
      payCollection(db, id, manager(), world),
    ])
    expect(outcomes.map((outcome) => outcome.kind)).toContain('returned')
    const [row] = await db.select().from(collectionPayment).where(eq(collectionPayment.requestId, id))
    expect(row).toMatchObject({ state: 'returned', attempt: 2, bankSealed: null, bankLast4: null, paidAt: null })
    const mails = await mailsTo(email, 'collection-payment-returned')
    expect(mails).toHaveLength(1)
    expect(mails[0]?.textBody).toContain('£165.50')
    const newToken = tokenOf(mails[0]!.textBody.match(/https:\/\/example\.test\/b\?token=\S+/)![0])
    expect(newToken).not.toBe(token)
    expect(row?.tokenHash).not.toContain(newToken)
    // The old link stays dead; the new one works once.
    expect(await giveCollectionBankDetails(db, token!, bank, matched, keys)).toBe(false)
    expect(await payCollection(db, id, manager(), world)).toEqual({ kind: 'refused', code: 'noBankDetails' })
    expect(await giveCollectionBankDetails(db, newToken, { ...bank, accountNumber: '87654321' }, matched, keys)).toBe(
      true,
    )

    const paid = await Promise.all([payCollection(db, id, manager(), world), payCollection(db, id, manager(), world)])
    expect(paid.map((outcome) => outcome.kind).sort()).toEqual(['already', 'paid'])
    // Exactly two payments at the provider: the rejected one and the paid one, each by its own key.
    expect([...payer.payments.keys()]).toEqual([`collection.${id}`, `collection.${id}.2`])
    expect(payer.payments.get(`collection.${id}.2`)?.details).toEqual({ ...bank, accountNumber: '87654321' })
    expect(await mailsTo(email, 'collection-remittance')).toHaveLength(1)
    const view = await collectionPaymentOf(db, id)
    expect(view?.events.map((event) => event.action)).toEqual([
      'bank-details',
      'pay',
      'returned',
      'bank-details',
      'pay',
      'paid',
    ])
    expect(view?.events[2]).toMatchObject({ actorName: 'faster-payments', reason: 'Account closed' })
  })

  it('applies a webhook’s return of a paid payment once per event, and answers unknown payments as unknown', async () => {
    const { id, email, token } = await quoted()
    await giveCollectionBankDetails(db, token!, bank, matched, keys)
    const payer = fakePayer()
    await payCollection(db, id, manager(), { payer, keys, mail: remittance, linkMail })
    const [paid] = await db.select().from(collectionPayment).where(eq(collectionPayment.requestId, id))
    const target = { payer: 'faster-payments', payerPaymentId: paid!.payerPaymentId! }
    const returned = { status: 'returned' as const, reason: 'Beneficiary account closed' }

    expect(
      await applyCollectionAnswer(db, { ...target, payerPaymentId: 'nobody' }, returned, linkMail, new Date(), 'e0'),
    ).toBe('unknown-payment')
    expect(
      await applyCollectionAnswer(db, target, { status: 'settled', reason: null }, linkMail, new Date(), `s-${id}`),
    ).toBe('unchanged')
    expect(await applyCollectionAnswer(db, target, returned, linkMail, new Date(), `r-${id}`)).toBe('applied')
    // The same event again, and another event about the payment returned already: nothing changes.
    expect(await applyCollectionAnswer(db, target, returned, linkMail, new Date(), `r-${id}`)).toBe('unchanged')
    expect(await applyCollectionAnswer(db, target, returned, linkMail, new Date(), `r2-${id}`)).toBe('unchanged')
    expect(await mailsTo(email, 'collection-payment-returned')).toHaveLength(1)
    const view = await collectionPaymentOf(db, id)
    expect(view).toMatchObject({ state: 'returned', paidAt: null, bankLast4: null })
    expect(view?.events.filter((event) => event.action === 'returned')).toEqual([
      expect.objectContaining({ actorName: 'faster-payments', reason: 'Beneficiary account closed' }),
    ])

    // Given again and repaid: two payments at the provider, one of them returned.
    expect(await giveCollectionBankDetails(db, newLinks.at(-1)!, bank, matched, keys)).toBe(true)
    expect(await payCollection(db, id, manager(), { payer, keys, mail: remittance, linkMail })).toMatchObject({
      kind: 'paid',
    })
    expect(payer.payments.size).toBe(2)
    expect(await mailsTo(email, 'collection-remittance')).toHaveLength(2)
  })

  it('keeps Confirmation of Payee’s answer with the details for staff, and forgets it with a returned payment', async () => {
    const { id, token } = await quoted()
    const kept = { payeeCheck: 'close_match_kept' as const, payeeBankName: 'Acme Trading Ltd', payeeReason: 'MBAM' }
    expect(await giveCollectionBankDetails(db, token!, bank, kept, keys)).toBe(true)
    expect((await collectionPaymentOf(db, id))?.payee).toEqual(kept)
    const payer = fakePayer({ rejectKeys: new Set([`collection.${id}`]) })
    expect(await payCollection(db, id, manager(), { payer, keys, mail: remittance, linkMail })).toEqual({
      kind: 'returned',
    })
    expect((await collectionPaymentOf(db, id))?.payee).toEqual({
      payeeCheck: null,
      payeeBankName: null,
      payeeReason: null,
    })
  })

  it('opens nothing with an expired link, and a manager’s new link (once for a double press) kills the old one', async () => {
    const { id, email, token } = await quoted()
    const later = new Date(Date.now() + (BANK_LINK_DAYS + 1) * 24 * 60 * 60 * 1000)
    expect(await readBankLink(db, token!, later)).toMatchObject({ expired: true })
    expect(await readBankLink(db, token!)).toMatchObject({ expired: false })
    expect(await giveCollectionBankDetails(db, token!, bank, matched, keys, later)).toBe(false)
    expect(await collectionPaymentOf(db, id)).toMatchObject({ state: 'waiting', bankLast4: null })

    const issued = (await collectionPaymentOf(db, id))!.linkIssuedAt
    const presses = await Promise.all([
      renewBankLink(db, id, issued, manager(), linkMail, later),
      renewBankLink(db, id, issued, manager(), linkMail, later),
    ])
    expect(presses.map((outcome) => outcome.kind).sort()).toEqual(['refused', 'sent'])
    expect(await mailsTo(email, 'collection-bank-link')).toHaveLength(1)
    expect(await readBankLink(db, token!, later)).toBeNull()
    const fresh = newLinks.at(-1)!
    expect(await readBankLink(db, fresh, later)).toMatchObject({ expired: false })
    expect(await giveCollectionBankDetails(db, fresh, bank, matched, keys, later)).toBe(true)
    const view = await collectionPaymentOf(db, id)
    expect(view?.events.map((event) => event.action)).toEqual(['new-link', 'bank-details'])
    expect(await renewBankLink(db, id, view!.linkIssuedAt, manager(), linkMail)).toEqual({
      kind: 'refused',
      code: 'notRenewable',
    })
  })
})

/** The crashed payer's store, answering without the crash. */
function fakePayerSendOf(crashed: ReturnType<typeof fakePayer>): Payer<BankDetails>['send'] {
  return async (request) => {
    const first = crashed.payments.get(request.idempotencyKey) ?? { ...request, id: `p-${request.idempotencyKey}` }
    crashed.payments.set(request.idempotencyKey, first)
    return { ok: true, value: { id: first.id, status: 'accepted', reason: null } }
  }
}
