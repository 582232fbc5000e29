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
 */
export const accountLimits = {
  login: new RateLimiter('login', 10, 10 * MINUTE),
  loginFailuresPerAccount: new RateLimiter('loginFailuresPerAccount', 10, 15 * MINUTE),
  loginFailuresPerDevice: new RateLimiter('loginFailuresPerDevice', 10, 15 * MINUTE),
  signUp: new RateLimiter('signUp', 5, 60 * MINUTE),
  forgotPassword: new RateLimiter('forgotPassword', 5, 15 * MINUTE),
  resetPassword: new RateLimiter('resetPassword', 10, 15 * MINUTE),
  verify: new RateLimiter('verify', 10, 15 * MINUTE),
  resendVerification: new RateLimiter('resendVerification', 3, 15 * MINUTE),
  changePassword: new RateLimiter('changePassword', 10, 15 * MINUTE),
  deleteAccount: new RateLimiter('deleteAccount', 5, 15 * MINUTE),
  signOut: new RateLimiter('signOut', 30, 15 * MINUTE),
}
