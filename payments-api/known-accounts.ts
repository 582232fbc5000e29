/**
 * The accounts the payments stand-in knows, by sort code and account number (six and eight digits):
 * each answers Confirmation of Payee or a payment its own way, as documented in docs/operators.md
 * (the payments provider). Every other account matches any name and its payments settle.
 */
export type KnownAccount = {
  /** What Confirmation of Payee answers for it. */
  cop:
    | { result: 'match-held'; held: string }
    | { result: 'no_match'; reasonCode: 'ANNM' | 'AC01' }
    | { result: 'unavailable'; reasonCode: 'OPTO' | 'ACNS' }
    | { result: 'match' }
  /** What happens to a payment to it: settles, is rejected, or settles and comes back later. */
  payment: { outcome: 'settled' } | { outcome: 'rejected'; reason: string } | { outcome: 'returned'; reason: string }
}

/** `sortCode:accountNumber`, digits only: how an account is named here and in the switches. */
export const accountKey = (sortCode: string, accountNumber: string) =>
  `${sortCode.replace(/\D/g, '')}:${accountNumber.replace(/\D/g, '')}`

export const KNOWN_ACCOUNTS: Readonly<Record<string, KnownAccount>> = {
  // Held as "Mr J Smith": "Mr J Smith" matches, another Smith is a close match, anyone else no match.
  '200000:55779911': { cop: { result: 'match-held', held: 'Mr J Smith' }, payment: { outcome: 'settled' } },
  // Never matches, whatever the name.
  '200000:22222222': { cop: { result: 'no_match', reasonCode: 'ANNM' }, payment: { outcome: 'settled' } },
  // No such account at this bank: no match, and a payment is rejected.
  '200000:00000000': {
    cop: { result: 'no_match', reasonCode: 'AC01' },
    payment: { outcome: 'rejected', reason: 'AC01 account does not exist' },
  },
  // The holder opted out of Confirmation of Payee: unavailable.
  '200000:33333333': { cop: { result: 'unavailable', reasonCode: 'OPTO' }, payment: { outcome: 'settled' } },
  // A bank that does not take part in Confirmation of Payee: unavailable.
  '200000:66666666': { cop: { result: 'unavailable', reasonCode: 'ACNS' }, payment: { outcome: 'settled' } },
  // Matches, but the account is closed: every payment is rejected.
  '200000:44444444': {
    cop: { result: 'match' },
    payment: { outcome: 'rejected', reason: 'AC04 account closed' },
  },
  // Matches and settles, then the receiving bank returns the money later.
  '200000:55555555': {
    cop: { result: 'match' },
    payment: { outcome: 'returned', reason: 'AC06 account blocked by the receiving bank' },
  },
}

const words = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z\s]/g, ' ')
    .split(/\s+/)
    .filter(Boolean)

/** Confirmation of Payee for a name against an account, as the stand-in's banks answer it. */
export function confirmName(
  sortCode: string,
  accountNumber: string,
  name: string,
): { result: 'match' | 'close_match' | 'no_match' | 'unavailable'; reasonCode: string | null; name?: string } {
  const known = KNOWN_ACCOUNTS[accountKey(sortCode, accountNumber)]
  if (!known || known.cop.result === 'match') return { result: 'match', reasonCode: null }
  if (known.cop.result === 'no_match' || known.cop.result === 'unavailable') {
    return { result: known.cop.result, reasonCode: known.cop.reasonCode }
  }
  const held = known.cop.held
  const given = words(name)
  const holder = words(held)
  if (given.join(' ') === holder.join(' ')) return { result: 'match', reasonCode: null }
  // The same surname: the bank offers back the name it holds.
  if (given.at(-1) === holder.at(-1)) return { result: 'close_match', reasonCode: 'MBAM', name: held }
  return { result: 'no_match', reasonCode: 'ANNM' }
}

/** What becomes of a payment to this account (a switch may reject it too). */
export const paymentOutcome = (sortCode: string, accountNumber: string): KnownAccount['payment'] =>
  KNOWN_ACCOUNTS[accountKey(sortCode, accountNumber)]?.payment ?? { outcome: 'settled' }
