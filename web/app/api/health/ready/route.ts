import { databaseAnswers } from '@/db/health'
import { isDraining } from '@/http/draining'

export const dynamic = 'force-dynamic'

/**
 * For a balancer: whether to send this instance requests. 503 while it is stopping, or when the
 * database does not answer within two seconds; 200 otherwise. Never cached, and the body says which
 * check failed but not why (the reason can name a host).
 */
export async function GET() {
  const draining = isDraining()
  const database = draining ? false : await databaseAnswers()
  const ready = !draining && database
  return Response.json(
    { ready, stopping: draining, database: database ? 'up' : draining ? 'unchecked' : 'down' },
    { status: ready ? 200 : 503, headers: { 'cache-control': 'no-store' } },
  )
}
