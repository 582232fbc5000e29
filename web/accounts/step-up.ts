import 'server-only'
import { staffRecheckSeconds } from '@/config'
import { eq } from 'drizzle-orm'
import { RateLimiter } from '@/http/rate-limit'
import { getDb } from '@/db/connection'
import { session } from '@/db/schema'
import { getAuth } from './auth'
import type { SignedIn } from './session'

/**
 * Re-checks per account since the last right one: a stolen session cannot guess its way on (ten
 * tries in 15 minutes, right or wrong, atomically counted), while the staff member, whose right
 * password starts the count afresh, never meets it however busy the day (a manager answering many
 * resets or runs in a row).
 */
const recheckLimiter = new RateLimiter('recheck', 10, 15 * 60_000)

/** Whether the person proved it was them (logged in, or re-checked) within the last few minutes. */
export async function recentlyChecked(visitor: SignedIn, now = Date.now()): Promise<boolean> {
  const db = await getDb()
  const [row] = await db
    .select({ createdAt: session.createdAt, recheckedAt: session.recheckedAt })
    .from(session)
    .where(eq(session.id, visitor.session.id))
  if (!row) return false
  const last = Math.max(row.createdAt.getTime(), row.recheckedAt?.getTime() ?? 0)
  return now - last < staffRecheckSeconds() * 1000
}

/** Whole seconds until the account may re-check again, after `recheck` answered 'tooMany'. */
export async function recheckWait(visitor: SignedIn, now = Date.now()): Promise<number> {
  const quota = await recheckLimiter.check(visitor.user.id, now)
  return quota.allowed ? 0 : Math.max(1, Math.ceil(quota.retryAfter))
}

export type Proof = { password: string }
export type RecheckResult = 'ok' | 'wrong' | 'tooMany'

/**
 * Checks the proof given for the signed-in person (their password, asked again in the same
 * session) and, when it holds, records the time on the session.
 */
export async function recheck(visitor: SignedIn, requestHeaders: Headers, proof: Proof): Promise<RecheckResult> {
  if (!(await recheckLimiter.take(visitor.user.id)).allowed) return 'tooMany'
  const auth = await getAuth()
  let valid = false
  try {
    const answer = await auth.api.verifyPassword({ body: { password: proof.password }, headers: requestHeaders })
    valid = Boolean(answer?.status)
  } catch {
    valid = false
  }
  if (!valid) return 'wrong'
  await recheckLimiter.clear(visitor.user.id)
  const db = await getDb()
  await db.update(session).set({ recheckedAt: new Date() }).where(eq(session.id, visitor.session.id))
  return 'ok'
}
