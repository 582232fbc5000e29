/**
 * What a new session records about how it was made, decided from the endpoint that makes it.
 *
 * Two-step login belongs to the session, not to the account: a session made by the second step (a
 * code from the app or a backup code), or by finishing enrolment (which also checks a code), is
 * marked with the time; one the password alone made is not, and staff pages refuse it
 * (web/accounts/session.ts) even once the account has two-step login on.
 *
 * Changing the password makes a new session in place of the old one: it keeps the old one's login
 * time and second step, so a staff session still ends 8 hours after the real login and a password
 * change proves no second factor.
 */
export const SECOND_STEP_PATHS: readonly string[] = ['/two-factor/verify-totp', '/two-factor/verify-backup-code']
export const REPLACING_PATHS: readonly string[] = ['/change-password']

export type SessionOrigin = { createdAt?: Date; secondFactorAt?: Date | null }
type Previous = { createdAt: Date; secondFactorAt?: Date | string | null } | null | undefined

export function sessionOrigin(path: string | undefined, previous: Previous, now = new Date()): SessionOrigin {
  if (path && SECOND_STEP_PATHS.includes(path)) return { secondFactorAt: now }
  if (path && REPLACING_PATHS.includes(path) && previous) {
    const passed = previous.secondFactorAt ? new Date(previous.secondFactorAt) : null
    return { createdAt: new Date(previous.createdAt), secondFactorAt: passed }
  }
  return { secondFactorAt: null }
}
