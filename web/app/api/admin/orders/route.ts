import { getSignedIn, isActiveStaff } from '@/accounts/session'
import { formFields, readFormOrJsonBody } from '@/http/json-request'
import { isCrossOrigin } from '@/http/same-origin'
import { seeOther } from '@/http/see-other'
import { answerStaffForm } from '@/orders/staff-form'

const refuse = (status: 403 | 404) => new Response(null, { status, headers: { 'cache-control': 'no-store' } })

/**
 * The staff forms on an order's page (plain forms: no scripts needed). Anyone who is not staff is
 * answered 404, as the pages are, and nothing changes; staff are sent on (303) where
 * `answerStaffForm` says.
 */
export async function POST(request: Request): Promise<Response> {
  if (isCrossOrigin(request)) return refuse(403)
  const visitor = await getSignedIn(request.headers)
  if (!visitor || !isActiveStaff(visitor)) return refuse(404)
  const read = await readFormOrJsonBody(request)
  if (!read.ok) return read.response
  const answer = await answerStaffForm(visitor, formFields(read.value), request)
  return 'to' in answer ? seeOther(answer.to) : refuse(404)
}
