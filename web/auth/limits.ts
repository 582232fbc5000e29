import 'server-only'
import { RateLimiter } from '@/lib/http/rate-limit'

const MINUTE = 60_000

/**
 * Per client address (the forms' rule: the right-most X-Forwarded-For entry), never per account:
 * a limit per account would let anyone lock a seller out by failing logins in their name.
 */
export const accountLimits = {
  login: new RateLimiter(10, 10 * MINUTE),
  signUp: new RateLimiter(5, 60 * MINUTE),
  forgotPassword: new RateLimiter(5, 15 * MINUTE),
  resetPassword: new RateLimiter(10, 15 * MINUTE),
  verify: new RateLimiter(10, 15 * MINUTE),
  resendVerification: new RateLimiter(3, 15 * MINUTE),
  changePassword: new RateLimiter(10, 15 * MINUTE),
  deleteAccount: new RateLimiter(5, 15 * MINUTE),
  signOut: new RateLimiter(30, 15 * MINUTE),
}
