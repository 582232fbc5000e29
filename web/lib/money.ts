const pounds = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', maximumFractionDigits: 0 })
const poundsAndPence = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' })

/** £499, or £12.50 when there are pence. */
export function formatPounds(amount: number): string {
  return Number.isInteger(amount) ? pounds.format(amount) : poundsAndPence.format(amount)
}
