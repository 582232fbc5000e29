/**
 * Royal Mail's tracked numbers, in the UPU S10 form: two letters, an 8-digit serial, its check
 * digit and the country, "RT12345678 5GB" written without the space. Pure: the carrier's client,
 * its stand-in and the forms share it.
 */

const WEIGHTS = [8, 6, 4, 2, 3, 5, 9, 7] as const

/** The S10 check digit of an 8-digit serial. */
export function s10CheckDigit(serial: string): number {
  if (!/^\d{8}$/.test(serial)) throw new Error('An S10 serial is 8 digits.')
  const sum = [...serial].reduce((total, digit, index) => total + Number(digit) * WEIGHTS[index]!, 0)
  const check = 11 - (sum % 11)
  return check === 10 ? 0 : check === 11 ? 5 : check
}

/** Whether `value` is a UK tracked number whose check digit is right. */
export function isTrackingNumber(value: string): boolean {
  const match = /^[A-Z]{2}(\d{8})(\d)GB$/.exec(value)
  return Boolean(match) && s10CheckDigit(match![1]!) === Number(match![2])
}

/** A number as typed or scanned (spaces, lower case), as the carrier writes it; unchanged when it is not one. */
export const normaliseTrackingNumber = (value: string) => value.replace(/\s+/g, '').toUpperCase()
