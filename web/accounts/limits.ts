import 'server-only'
import { RateLimiter } from '@/http/rate-limit'

const MINUTE = 60_000

/**
 * Per client address (the forms' rule: the address scripts/server.mjs trusts, an IPv6 client per
 * /64), and failed logins also per account: past 10 wrong passwords in 15 minutes from browsers the
 * account has never logged in from, those browsers wait (429) however many addresses they come
 * from, while a browser with the account's device cookie is counted on its own
 * (web/accounts/sign-in.ts). That slows guessing down without locking the owner out: their own
 * browser still logs in, the wait ends by itself, and a password reset clears it.
 *
 * Codes (the sign-in step's app code or backup code, and the set-up's first code) are counted the
 * same way, per account, at every step (web/accounts/code-limit.ts): past 5 wrong codes in 15
 * minutes from browsers that never passed a code for the account, those browsers wait, whatever
 * their addresses; a browser that passed one before has 5 of its own.
 */
export const accountLimits = {
  login: new RateLimiter('login', 10, 10 * MINUTE),
  loginFailuresPerAccount: new RateLimiter('loginFailuresPerAccount', 10, 15 * MINUTE),
  loginFailuresPerDevice: new RateLimiter('loginFailuresPerDevice', 10, 15 * MINUTE),
  codeFailuresPerAccount: new RateLimiter('codeFailuresPerAccount', 5, 15 * MINUTE),
  codeFailuresPerDevice: new RateLimiter('codeFailuresPerDevice', 5, 15 * MINUTE),
  signUp: new RateLimiter('signUp', 5, 60 * MINUTE),
  forgotPassword: new RateLimiter('forgotPassword', 5, 15 * MINUTE),
  resetPassword: new RateLimiter('resetPassword', 10, 15 * MINUTE),
  verify: new RateLimiter('verify', 10, 15 * MINUTE),
  resendVerification: new RateLimiter('resendVerification', 3, 15 * MINUTE),
  changePassword: new RateLimiter('changePassword', 10, 15 * MINUTE),
  deleteAccount: new RateLimiter('deleteAccount', 5, 15 * MINUTE),
  signOut: new RateLimiter('signOut', 30, 15 * MINUTE),
}
