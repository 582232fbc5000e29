import { randomBytes } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { fasterPayments, type PayeeAnswer } from '@/payouts/bank/faster-payments'
import type { BankDetails } from '@/payouts/bank/bank-transfer'
import { paymentsSettings } from '@/config'
import { checkPayee, checkPayout, openPayeeToken, payeeToken } from '@/payouts/payee-check'
import { payeeHold } from '@/payouts/payee-questions'
import { readPayoutKeys } from '@/payouts/payout-crypto'
import { createPaymentsServer } from '../../payments-api/server'

const keys = readPayoutKeys({ PAYOUT_ENCRYPTION_KEY: randomBytes(32).toString('base64') })
const john: BankDetails = { accountHolder: 'John Smith', sortCode: '20-00-00', accountNumber: '55779911' }

/** A bank that answers `answer` and counts how often it was asked. */
function bank(answer: PayeeAnswer) {
  const asked: BankDetails[] = []
  return {
    asked,
    ask: async (details: BankDetails) => {
      asked.push(details)
      return answer
    },
  }
}
const close = { result: 'close_match', reasonCode: 'MBAM', name: 'Mr J Smith' } as const
const none = { result: 'no_match', reasonCode: 'ANNM' } as const

describe('Confirmation of Payee where a seller gives bank details', () => {
  it('goes on at a match, and records an unavailable answer as not checked', async () => {
    expect(await checkPayee({ details: john, keys, ...bank({ result: 'match' }) })).toEqual({
      kind: 'checked',
      details: john,
      record: { payeeCheck: 'match', payeeBankName: null, payeeReason: null },
    })
    const unavailable = await checkPayee({
      details: john,
      keys,
      ...bank({ result: 'unavailable', reasonCode: 'OPTO' }),
    })
    expect(unavailable).toMatchObject({ kind: 'checked', record: { payeeCheck: 'unavailable', payeeReason: 'OPTO' } })
  })

  it('asks about a close match, then takes the bank’s name or the seller’s own, without asking the bank again', async () => {
    const first = bank(close)
    const asked = await checkPayee({ details: john, keys, ask: first.ask })
    expect(asked).toMatchObject({ kind: 'ask', question: 'payeeCloseMatch', bankName: 'Mr J Smith' })
    if (asked.kind !== 'ask') throw new Error('not asked')
    const again = bank({ result: 'match' })
    const took = await checkPayee({ details: john, keys, token: asked.token, choice: 'bankName', ask: again.ask })
    expect(took).toEqual({
      kind: 'checked',
      details: { ...john, accountHolder: 'Mr J Smith' },
      record: { payeeCheck: 'close_match_accepted', payeeBankName: 'Mr J Smith', payeeReason: 'MBAM' },
    })
    const kept = await checkPayee({ details: john, keys, token: asked.token, choice: 'ownName', ask: again.ask })
    expect(kept).toMatchObject({ kind: 'checked', details: john, record: { payeeCheck: 'close_match_kept' } })
    expect(again.asked).toHaveLength(0)
    // No choice made: the same question again.
    expect(await checkPayee({ details: john, keys, token: asked.token, ask: again.ask })).toMatchObject({
      kind: 'ask',
      question: 'payeeCloseMatch',
    })
  })

  it('asks about a no match, and records it only when the seller says the details are right', async () => {
    const asked = await checkPayee({ details: john, keys, ...bank(none) })
    expect(asked).toMatchObject({ kind: 'ask', question: 'payeeNoMatch', bankName: null })
    if (asked.kind !== 'ask') throw new Error('not asked')
    expect(await checkPayee({ details: john, keys, token: asked.token, choice: 'sure', ...bank(none) })).toEqual({
      kind: 'checked',
      details: john,
      record: { payeeCheck: 'no_match', payeeBankName: null, payeeReason: 'ANNM' },
    })
    // "Use the bank's name" is no answer to a no match.
    expect(
      await checkPayee({ details: john, keys, token: asked.token, choice: 'bankName', ...bank(none) }),
    ).toMatchObject({
      kind: 'ask',
    })
  })

  it('never takes a confirmation for other details: another account, sort code or name is asked about afresh', async () => {
    const asked = await checkPayee({ details: john, keys, ...bank(none) })
    if (asked.kind !== 'ask') throw new Error('not asked')
    for (const other of [
      { ...john, accountNumber: '12345678' },
      { ...john, sortCode: '30-94-30' },
      { ...john, accountHolder: 'Jane Smith' },
    ]) {
      const fresh = bank(none)
      const answer = await checkPayee({ details: other, keys, token: asked.token, choice: 'sure', ask: fresh.ask })
      expect(answer).toMatchObject({ kind: 'ask', question: 'payeeNoMatch' })
      expect(fresh.asked).toEqual([other])
    }
    // Typed with dashes or spaces it is the same account.
    expect(
      await checkPayee({
        details: { ...john, sortCode: '200000' },
        keys,
        token: asked.token,
        choice: 'sure',
        ...bank(none),
      }),
    ).toMatchObject({ kind: 'checked', record: { payeeCheck: 'no_match' } })
  })

  it('refuses a forged, altered, stale or other key’s token', async () => {
    const now = Date.now()
    const token = payeeToken(close, john, keys, now)
    expect(openPayeeToken(token, john, keys, now)).toMatchObject({ answer: close })
    const [payload, mac] = token.split('.')
    const forged = Buffer.from(JSON.stringify({ answer: { ...close, name: 'Anyone' }, at: now })).toString('base64url')
    expect(openPayeeToken(`${forged}.${mac}`, john, keys, now)).toBeNull()
    expect(openPayeeToken(`${payload}.${'A'.repeat(mac!.length)}`, john, keys, now)).toBeNull()
    expect(openPayeeToken(token, john, keys, now + 31 * 60_000)).toBeNull()
    const otherKeys = readPayoutKeys({ PAYOUT_ENCRYPTION_KEY: randomBytes(32).toString('base64') })
    expect(openPayeeToken(token, john, otherKeys, now)).toBeNull()
    expect(openPayeeToken('nonsense', john, keys, now)).toBeNull()
  })

  it('leaves any other way of paying unchecked', async () => {
    const details = { ...john }
    expect(await checkPayout({ methodId: 'paypal', details, keys })).toEqual({ kind: 'checked', details, record: null })
  })

  it('holds a no match, a kept name and a shared account for staff; a match or a taken name goes on', () => {
    expect(payeeHold({ payeeCheck: 'no_match' })).toBe('payeeNoMatch')
    expect(payeeHold({ payeeCheck: 'close_match_kept' })).toBe('payeeCloseMatchKept')
    expect(payeeHold({ payeeCheck: 'match', sharedAccount: true })).toBe('payeeSharedAccount')
    expect(payeeHold({ payeeCheck: 'close_match_accepted' })).toBeNull()
    expect(payeeHold({ payeeCheck: 'unavailable' })).toBeNull()
    expect(payeeHold({ payeeCheck: null })).toBeNull()
  })

  it('asks the stand-in’s banks through the provider’s client', async () => {
    const key = 'payee-check-stand-in-key-0123456789'
    const server = createPaymentsServer({ key, webhookSecret: 'secret' })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    const client = fasterPayments(paymentsSettings({ STAND_IN_KEY: key, PAYMENTS_URL: url }))
    try {
      expect(await checkPayee({ details: john, keys, ask: client.confirmPayee })).toMatchObject({
        kind: 'ask',
        bankName: 'Mr J Smith',
      })
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })
})
