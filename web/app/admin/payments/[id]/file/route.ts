import { getSignedIn, isActiveStaff } from '@/accounts/session'
import { recentlyChecked, recheck } from '@/accounts/step-up'
import { getDb } from '@/db/connection'
import { readCappedBody } from '@/http/capped-body'
import { isCrossOrigin } from '@/http/same-origin'
import { seeOther } from '@/http/see-other'
import { describeError } from '@/lib/log'
import { RECHECK_FIELD } from '@/orders/moves/admin-input'
import { downloadRunFile } from '@/orders/payment-runs/payment-runs'
import { readPayoutKeys } from '@/payouts/payout-crypto'

export const dynamic = 'force-dynamic'

type Params = { params: Promise<{ id: string }> }

const notFound = () => new Response(null, { status: 404, headers: { 'cache-control': 'no-store' } })
const RUN_ID = /^[0-9a-f-]{36}$/

/**
 * A payment run's bank file, for a manager only, posted from the run's page (a download is a file,
 * not a page, so this is a route rather than a server action). Anyone else, or a post from another
 * site, meets a 404. The manager must have proved it was them within the last few minutes, or give
 * their password in this post; otherwise they are sent back (303) to the run's page, which asks for
 * it. Each download is recorded, and the file is never cached.
 */
export async function POST(request: Request, { params }: Params) {
  const { id } = await params
  if (!RUN_ID.test(id) || isCrossOrigin(request)) return notFound()
  const visitor = await getSignedIn(request.headers)
  if (!visitor || !isActiveStaff(visitor) || visitor.user.role !== 'manager') return notFound()

  const back = (problem: string) => seeOther(`/admin/payments/${id}?download=${problem}#download`)
  if (!(await recentlyChecked(visitor))) {
    const body = await readCappedBody(request, 4096)
    const password = body ? (new URLSearchParams(new TextDecoder().decode(body)).get(RECHECK_FIELD) ?? '') : ''
    if (!password) return back('recheckNeeded')
    const checked = await recheck(visitor, request.headers, { password })
    if (checked !== 'ok') return back(checked === 'wrong' ? 'recheckWrong' : 'recheckTooMany')
  }
  try {
    const file = await downloadRunFile(await getDb(), { runId: id, managerId: visitor.user.id, keys: readPayoutKeys() })
    if (!file) return notFound()
    return new Response(file.text, {
      headers: {
        'content-type': 'text/plain; charset=us-ascii',
        'content-disposition': `attachment; filename="${file.reference}.txt"`,
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
      },
    })
  } catch (error) {
    console.error(`Payment run download failed: ${describeError(error)}`)
    return back('unavailable')
  }
}
