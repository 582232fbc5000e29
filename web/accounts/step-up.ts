import 'server-only'
import { staffRecheckSeconds } from '@/config'
import { eq } from 'drizzle-orm'
import { RateLimiter } from '@/http/rate-limit'
import { getDb } from '@/db/connection'
import { session } from '@/db/schema'
import { getAuth } from './auth'
import type { SignedIn } from './session'

/**
 * Re-checks per account, right or wrong: a stolen session cannot guess its way on, and the staff
 * member, asked at most every 5 minutes, never meets it.
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
  const db = await getDb()
  await db.update(session).set({ recheckedAt: new Date() }).where(eq(session.id, visitor.session.id))
  return 'ok'
}
