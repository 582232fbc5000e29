/** How a UK postcode and a UK mobile number are kept, however they were typed. */

// Outward and inward codes (the Royal Mail format), and the one odd postcode the format misses.
const POSTCODE = /^([A-Z]{1,2}[0-9][A-Z0-9]?)([0-9][ABD-HJLNP-UW-Z]{2})$/
const MOBILE = /^07[1-57-9][0-9]{8}$/

export function normalisePostcode(value: string): string | null {
  const compact = value.toUpperCase().replace(/\s+/g, '')
  if (compact === 'GIR0AA') return 'GIR 0AA'
  const match = POSTCODE.exec(compact)
  return match ? `${match[1]} ${match[2]}` : null
}

/** A UK mobile, typed with +44, spaces, dashes or brackets, as "07700 900123"; or null. */
export function normaliseMobile(value: string): string | null {
  // "+44 (0)7700 900123": the bracketed 0 is dropped after a country code.
  let digits = value.replace(/^\s*(\+|00)?44\s*\(0\)/, '+44').replace(/[\s\-().]/g, '')
  if (digits.startsWith('+44')) digits = `0${digits.slice(3)}`
  else if (digits.startsWith('0044')) digits = `0${digits.slice(4)}`
  else if (digits.startsWith('44') && digits.length === 12) digits = `0${digits.slice(2)}`
  return MOBILE.test(digits) ? `${digits.slice(0, 5)} ${digits.slice(5)}` : null
}
