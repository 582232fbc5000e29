import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { DEFAULT_PAYOUT_METHOD, PAYOUT_METHODS, PAYOUT_SECRET_FIELDS, payoutMethodNamed } from '@/payouts/methods'
import { bankTransfer } from '@/payouts/bank/bank-transfer'
import { ORDER_PROBLEM_CODES } from '@/orders/checkout/problems'
import { CHECKOUT_FIELDS } from '@/orders/checkout/checkout-validation'

/**
 * web/payouts/ is the one room that knows a way of paying a seller: the rest of the site goes through
 * a PayoutMethod. A room that names a method's fields would need changing for the next method.
 */
const root = path.resolve(__dirname, '../..')

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) return sourceFiles(full)
    return /\.(ts|tsx)$/.test(name) ? [full] : []
  })
}

// Where a method's field names may appear besides its own room, and why.
const ALLOWED = [
  'web/payouts/', // the methods' room
  'web/content/', // the words of each field and problem, read from the content (queries and their types)
  'web/config/index.ts', // the business's own account, which the bank file is sent from
]

describe('payout methods', () => {
  it('each have an id of their own, and the default is one of them', () => {
    const ids = PAYOUT_METHODS.map((method) => method.id)
    expect(new Set(ids).size).toBe(ids.length)
    expect(PAYOUT_METHODS).toContain(DEFAULT_PAYOUT_METHOD)
    expect(payoutMethodNamed(undefined)).toBe(DEFAULT_PAYOUT_METHOD)
    expect(payoutMethodNamed('no-such-method')).toBe(DEFAULT_PAYOUT_METHOD)
  })

  it("report only problems the order endpoints know (each with its words), and keep their fields' numbers out of pages", () => {
    for (const method of PAYOUT_METHODS) {
      for (const problem of method.problems) expect(ORDER_PROBLEM_CODES).toContain(problem)
      for (const field of method.secretFields) expect(PAYOUT_SECRET_FIELDS).toContain(field)
    }
    expect(CHECKOUT_FIELDS.map((field) => field.name)).toEqual(
      expect.arrayContaining(bankTransfer.fields.map((field) => field.name)),
    )
  })

  it('are named by no room outside web/payouts/', () => {
    const names = [...new Set(PAYOUT_METHODS.flatMap((method) => method.fields.map((field) => field.name)))]
    const pattern = new RegExp(`\\b(?:${names.join('|')}|BankDetails)\\b`)
    const naming = sourceFiles(path.join(root, 'web'))
      .map((file) => path.relative(root, file))
      .filter((file) => !ALLOWED.some((allowed) => file.startsWith(allowed)))
      .filter((file) => pattern.test(readFileSync(path.join(root, file), 'utf8')))
    expect(naming).toEqual([])
  })
})
