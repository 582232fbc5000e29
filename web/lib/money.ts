const pounds = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', maximumFractionDigits: 0 })
const poundsAndPence = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' })

/** An amount in pence, as UK shops write it: £499, or £12.50 when there are pence. */
export function formatPence(pence: number): string {
  return pence % 100 === 0 ? pounds.format(pence / 100) : poundsAndPence.format(pence / 100)
}

/** An amount in pence with its pence always shown (£5,700.00), as a bank's import screen shows totals. */
export function formatPenceExact(pence: number): string {
  return poundsAndPence.format(pence / 100)
}

/** Whole pence as pounds for a spreadsheet, exact and without a sign: 15205 → "152.05". */
export function penceAsPounds(pence: number): string {
  if (!Number.isSafeInteger(pence) || pence < 0)
    throw new RangeError(`Not a whole, non-negative number of pence: ${pence}`)
  return `${Math.floor(pence / 100)}.${String(pence % 100).padStart(2, '0')}`
}

/** "95", "95.5", "95.50" or "£95.50" in pence; null for anything else (negative amounts too). */
export function poundsToPence(value: string): number | null {
  const match = /^£?\s*(\d{1,6})(?:\.(\d{1,2}))?$/.exec(value.trim().replace(/,/g, ''))
  if (!match) return null
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
}
