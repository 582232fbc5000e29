import 'server-only'
import commonPasswords from 'fxa-common-password-list'

/**
 * True for a password among the most used ones (Mozilla's list for Firefox Accounts: the 50,000
 * most common of eight characters or more, from a ten-million-password corpus). Checked as typed
 * and lower-cased, since case alone adds little to a guessable password.
 */
export function isCommonPassword(password: string): boolean {
  return commonPasswords.test(password) || commonPasswords.test(password.toLowerCase())
}
