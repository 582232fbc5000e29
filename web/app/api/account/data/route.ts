import { getSignedIn } from '@/accounts/session'
import { exportAccountData } from '@/your-data/export'
import { getDb } from '@/db/connection'

export const dynamic = 'force-dynamic'

/** "Download my data": everything held about the signed-in account, as a JSON file. */
export async function GET(request: Request) {
  const visitor = await getSignedIn(request.headers)
  if (!visitor) {
    return Response.json({ ok: false, code: 'signedOut' }, { status: 401, headers: { 'cache-control': 'no-store' } })
  }
  const data = await exportAccountData(await getDb(), visitor.user.id)
  const day = new Date().toISOString().slice(0, 10)
  return new Response(JSON.stringify({ exportedAt: new Date().toISOString(), ...data }, null, 2), {
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'content-disposition': `attachment; filename="my-data-${day}.json"`,
      'cache-control': 'private, no-store',
    },
  })
}
