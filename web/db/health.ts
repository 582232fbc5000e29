import 'server-only'
import { sql } from 'drizzle-orm'
import { getDb } from './connection'

/**
 * Whether the database answers a trivial query within `timeoutMs`: opened (or reached) and not
 * stuck. Never says why not: the reason can name a host or a user.
 */
export async function databaseAnswers(timeoutMs = 2_000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs)
  })
  const asked = (async () => {
    const db = await getDb()
    await db.execute(sql`select 1`)
    return true as const
  })().catch(() => false as const)
  try {
    return await Promise.race([asked, late])
  } finally {
    clearTimeout(timer)
  }
}
