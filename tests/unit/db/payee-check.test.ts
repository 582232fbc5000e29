import { randomBytes, randomUUID } from 'node:crypto'
import { and, inArray } from 'drizzle-orm'
import type { Db } from '@/db/connection'
import { sellerOrder } from '@/db/schema'
import { changePayout, issuePayoutCode } from '@/orders/payout-change/payout-change'
import { getOrder, placeOrder } from '@/orders/record/store'
import type { BankDetails } from '@/payouts/bank/bank-transfer'
import { payeeHeldSql } from '@/payouts/payee-check'
import type { PayeeRecord } from '@/payouts/payee-questions'
import { readPayoutKeys, sealPayout } from '@/payouts/payout-crypto'
import { payoutMatch } from '@/payouts/payout-match'
import { withFileDatabase } from '../../support/test-database'

let db: Db
withFileDatabase((opened) => {
  db = opened
})

const keys = readPayoutKeys({ PAYOUT_ENCRYPTION_KEY: randomBytes(32).toString('base64') })
const SECRET = randomBytes(32).toString('base64')
const bank = (accountNumber: string): BankDetails => ({ accountHolder: 'J Smith', sortCode: '20-00-00', accountNumber })

/** An order paid to `details`, by `email`, with the payee check `payee`: its id. */
async function place(
  details: BankDetails,
  payee: PayeeRecord | null,
  email = `s-${randomUUID().slice(0, 8)}@example.com`,
) {
  const placed = await placeOrder(db, {
    idempotencyKey: randomUUID(),
    requestHash: 'hash',
    userId: null,
    contact: {
      name: 'J Smith',
      email,
      phone: '07700 900123',
      addressLine1: '1 Lane',
      addressLine2: '',
      town: 'Leeds',
      postcode: 'LS1 4AP',
    },
    sealPayout: (reference) => sealPayout(details, reference, keys),
    payoutMatch: payoutMatch(details, keys),
    payoutLast4: details.accountNumber.slice(-4),
    payee,
    marketingConsent: false,
    postagePack: false,
    termsRevision: 'terms',
    declarations: [],
    holdUntil: new Date(Date.now() + 86_400_000),
    items: [
      {
        modelId: 'model-iphone-13',
        device: 'Apple iPhone 13 128GB',
        variantKey: '128gb',
        gradeKey: 'good',
        gradeName: 'Good',
        answers: {},
        pricePence: 21_500,
        catalogueRevision: 'rev',
      },
    ],
    basket: null,
    emails: () => [],
  })
  if (placed.kind !== 'placed') throw new Error(placed.kind)
  return placed.id
}

const held = async (ids: string[]) =>
  (
    await db
      .select({ id: sellerOrder.id })
      .from(sellerOrder)
      .where(and(inArray(sellerOrder.id, ids), payeeHeldSql))
  ).map((row) => row.id)

const record = (
  payeeCheck: PayeeRecord['payeeCheck'],
  payeeBankName: string | null = null,
  payeeReason: string | null = null,
) => ({
  payeeCheck,
  payeeBankName,
  payeeReason,
})

describe('the payee check kept on an order', () => {
  it('keeps what the bank said, and holds a no match, a kept name and an account another seller gives', async () => {
    const matched = await place(bank('10000001'), record('match'))
    const accepted = await place(bank('10000002'), record('close_match_accepted', 'Mr J Smith', 'MBAM'))
    const kept = await place(bank('10000003'), record('close_match_kept', 'Mr J Smith', 'MBAM'))
    const none = await place(bank('10000004'), record('no_match', null, 'ANNM'))
    const unchecked = await place(bank('10000005'), record('unavailable', null, 'OPTO'))
    const before = await place(bank('10000006'), null)
    // One seller's two orders to one account: not held. Another seller's order to it: both held.
    const mine = 'same-seller@example.com'
    const first = await place(bank('10000007'), record('match'), mine)
    const second = await place(bank('10000007'), record('match'), mine.toUpperCase())
    const sharedA = await place(bank('10000008'), record('match'))
    const sharedB = await place(bank('10000008'), record('match'))

    const order = (await getOrder(db, { id: accepted }))!
    expect([order.payeeCheck, order.payeeBankName, order.payeeReason]).toEqual([
      'close_match_accepted',
      'Mr J Smith',
      'MBAM',
    ])
    expect((await getOrder(db, { id: before }))!.payeeCheck).toBeNull()
    const all = [matched, accepted, kept, none, unchecked, before, first, second, sharedA, sharedB]
    expect(new Set(await held(all))).toEqual(new Set([kept, none, sharedA, sharedB]))
  })

  it('a change of bank details replaces the check with the new details’ own', async () => {
    const id = await place(bank('20000001'), record('no_match', null, 'ANNM'))
    const now = new Date()
    const code = '123456'
    const issued = await issuePayoutCode(db, { orderId: id, secret: SECRET, code, now, emails: () => [] })
    expect(issued.ok).toBe(true)
    const changed = await changePayout(db, {
      orderId: id,
      code,
      details: bank('20000002'),
      payee: record('close_match_accepted', 'Mr J Smith', 'MBAM'),
      secret: SECRET,
      seal: (details, reference) => sealPayout(details, reference, keys),
      match: (details) => payoutMatch(details, keys),
      now,
      emails: () => [],
    })
    expect(changed.ok).toBe(true)
    const after = (await getOrder(db, { id }))!
    expect([after.payeeCheck, after.payeeBankName]).toEqual(['close_match_accepted', 'Mr J Smith'])
    expect(await held([id])).toEqual([])
  })
})
