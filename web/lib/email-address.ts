/**
 * The one rule for an e-mail address, wherever one is typed (accounts, checkout, the newsletter,
 * the contact form and price alerts): at most 254 characters (RFC 5321's path limit), letters,
 * digits and the usual punctuation before the @, a dotted domain with a real top-level domain
 * after it, and no two dots in a row. Each form says what to do in its own words.
 */
export const EMAIL_MAX = 254

const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/

export function isEmailAddress(email: string): boolean {
  return email.length <= EMAIL_MAX && EMAIL_PATTERN.test(email) && !email.includes('..')
}
