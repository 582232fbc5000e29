import { linkOriginFor } from '@/accounts/link-origin'
import { getSignedIn, isActiveStaff } from '@/accounts/session'
import { recentlyChecked, recheck } from '@/accounts/step-up'
import { RECHECK_FIELD } from '@/components/admin/recheck-field'
import { getConditionGrades, getSiteSettings } from '@/content/loaders'
import { readFormOrJsonBody } from '@/http/json-request'
import { isCrossOrigin } from '@/http/same-origin'
import { seeOther } from '@/http/see-other'
import { isOrderStatus } from '@/orders/lifecycle'
import { normaliseReference } from '@/orders/references'
import { adminErrorsToQuery, isAdminMove, parseAdminAction } from '@/orders/admin-input'
import { revealPayout, settledOrder, staffAction } from '@/orders/actions'

const refuse = (status: 403 | 404) => new Response(null, { status, headers: { 'cache-control': 'no-store' } })

/**
 * A staff action from an order's page (a plain form: no scripts needed), or a manager's request to
 * see the bank details. Both of those and paying ask for the password again past a few minutes. Anyone who is not staff
 * is answered 404, as the pages are, and nothing changes; everyone else is sent back (303) to the
 * order with what happened, or to the form with its problems (their codes only, never the values).
 */
export async function POST(request: Request): Promise<Response> {
  if (isCrossOrigin(request)) return refuse(403)
  const visitor = await getSignedIn(request.headers)
  if (!visitor || !isActiveStaff(visitor)) return refuse(404)
  const staff = { id: visitor.user.id, role: visitor.user.role }

  const read = await readFormOrJsonBody(request)
  if (!read.ok) return read.response
  const body = read.value.kind === 'form' ? read.value.body : asForm(read.value.body)

  const reference = normaliseReference(body.get('reference') ?? '')
  if (!reference) return refuse(404)
  const page = (query: Record<string, string>) =>
    `/admin/orders/${reference}?${new URLSearchParams(query).toString()}${query.errors ? '#action-form' : ''}`
  const move = body.get('action') ?? ''
  const backToForm: Record<string, string> = isAdminMove(move) ? { action: move } : {}

  try {
    // Bank details and payments: a manager only, who proved it was them within the last minutes.
    if (move === 'reveal' || move === 'pay') {
      if (staff.role !== 'manager') return seeOther(page({ ...backToForm, problem: 'notAllowed' }))
      if (!(await recentlyChecked(visitor))) {
        const again = (recheckState: string) =>
          move === 'reveal'
            ? `/admin/orders/${reference}?recheck=${recheckState}#recheck`
            : `/admin/orders/${reference}?action=pay&recheck=${recheckState}#${recheckState === 'needed' ? 'recheck' : 'action-form'}`
        const password = body.get(RECHECK_FIELD) ?? ''
        if (!password) return seeOther(again('needed'))
        const checked = await recheck(visitor, request.headers, { password })
        if (checked !== 'ok') return seeOther(again(checked))
      }
    }
    if (move === 'reveal') {
      const recorded = await revealPayout(staff, reference)
      if (!recorded) return refuse(404)
      return seeOther(`/admin/orders/${reference}?revealed=${recorded}#order-payout`)
    }

    const origin = linkOriginFor(request, (await getSiteSettings()).siteUrl)
    const [order, grades] = await Promise.all([settledOrder(reference, origin), getConditionGrades()])
    if (!order) return refuse(404)
    const expectedStatus = body.get('expectedStatus') ?? ''
    if (!isOrderStatus(expectedStatus)) return seeOther(page({ ...backToForm, problem: 'invalid' }))

    const parsed = parseAdminAction(
      body,
      order.items,
      grades.map((grade) => grade.key),
    )
    if (!parsed.ok) return seeOther(page({ ...backToForm, errors: adminErrorsToQuery(parsed.errors) }))

    const result = await staffAction(staff, order, expectedStatus, parsed.action, { origin, grades })
    if (result.ok) return seeOther(page({ done: parsed.action.move }))
    if (result.code === 'moved') return seeOther(page({ moved: result.status }))
    if (result.code === 'notFound') return refuse(404)
    return seeOther(page({ ...backToForm, problem: result.code }))
  } catch (error) {
    // The error's kind only: a failed query's message can quote what was typed.
    console.error(`Staff order action failed: ${(error as Error).name}`)
    return seeOther(page({ ...backToForm, problem: 'unavailable' }))
  }
}

/** A JSON body as form fields: its string values only. */
function asForm(body: unknown): URLSearchParams {
  const form = new URLSearchParams()
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    for (const [key, value] of Object.entries(body)) if (typeof value === 'string') form.set(key, value)
  }
  return form
}
