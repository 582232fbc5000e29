'use server'

import 'server-only'
import { headers } from 'next/headers'
import { notFound, redirect, RedirectType } from 'next/navigation'
import { getSignedIn, isActiveStaff } from '@/accounts/session'
import { isCrossOrigin } from '@/http/same-origin'
import { linkOriginFor } from '@/accounts/link-origin'
import type { StaffMember } from '@/accounts/session'
import { recentlyChecked, recheck } from '@/accounts/step-up'
import { getConditionGrades, getSiteSettings } from '@/content/loaders'
import { adminErrorsToQuery, isAdminMove, parseAdminAction, RECHECK_FIELD } from './admin-input'
import { revealPayout, settledOrder, staffAction } from './actions'
import { isOrderStatus } from './lifecycle'
import { normaliseReference } from './references'

/** Where a staff form sends its sender next, or that there is nothing here for them (404). */
type StaffFormAnswer = { to: string } | { notFound: true }

/**
 * The staff forms on an order's page, as a server action: plain forms, posted with scripts or
 * without. Anyone who is not staff meets the 404 the pages give them, and nothing changes; a form
 * posted from another site changes nothing either. Staff are sent on (303) where
 * `answerStaffForm` says: the order's page, drawn from what its address says happened.
 */
export async function staffForm(form: FormData): Promise<void> {
  const incoming = await headers()
  const request = new Request(`http://${incoming.get('host') ?? 'localhost'}/admin`, {
    method: 'POST',
    headers: new Headers(incoming),
  })
  if (isCrossOrigin(request)) notFound()
  const visitor = await getSignedIn(incoming)
  if (!visitor || !isActiveStaff(visitor)) notFound()
  const body = new URLSearchParams()
  for (const [key, value] of form) if (typeof value === 'string' && !key.startsWith('$ACTION')) body.append(key, value)
  const answer = await answerStaffForm(visitor, body, request)
  if ('notFound' in answer) notFound()
  redirect(answer.to, RedirectType.push)
}

/**
 * A staff action posted from an order's page, or a manager's request to see the bank details:
 * both of those and paying ask for the password again past a few minutes. The answer is the order's
 * page with what happened, or the form with its problems (their codes only, never the values).
 * The caller has checked the origin and that the sender is active staff.
 */
async function answerStaffForm(
  visitor: StaffMember,
  body: URLSearchParams,
  request: Request,
): Promise<StaffFormAnswer> {
  const staff = { id: visitor.user.id, role: visitor.user.role }
  const reference = normaliseReference(body.get('reference') ?? '')
  if (!reference) return { notFound: true }
  const page = (query: Record<string, string>) => ({
    to: `/admin/orders/${reference}?${new URLSearchParams(query).toString()}${query.errors ? '#action-form' : ''}`,
  })
  const move = body.get('action') ?? ''
  const backToForm: Record<string, string> = isAdminMove(move) ? { action: move } : {}

  try {
    // Bank details and payments: a manager only, who proved it was them within the last minutes.
    if (move === 'reveal' || move === 'pay') {
      if (staff.role !== 'manager') return page({ ...backToForm, problem: 'notAllowed' })
      if (!(await recentlyChecked(visitor))) {
        const again = (state: string) => ({
          to:
            move === 'reveal'
              ? `/admin/orders/${reference}?recheck=${state}#recheck`
              : `/admin/orders/${reference}?action=pay&recheck=${state}#${state === 'needed' ? 'recheck' : 'action-form'}`,
        })
        const password = body.get(RECHECK_FIELD) ?? ''
        if (!password) return again('needed')
        const checked = await recheck(visitor, request.headers, { password })
        if (checked !== 'ok') return again(checked)
      }
    }
    if (move === 'reveal') {
      const recorded = await revealPayout(staff, reference)
      if (!recorded) return { notFound: true }
      return { to: `/admin/orders/${reference}?revealed=${recorded}#order-payout` }
    }

    const origin = linkOriginFor(request, (await getSiteSettings()).siteUrl)
    const [order, grades] = await Promise.all([settledOrder(reference, origin), getConditionGrades()])
    if (!order) return { notFound: true }
    const expectedStatus = body.get('expectedStatus') ?? ''
    if (!isOrderStatus(expectedStatus)) return page({ ...backToForm, problem: 'invalid' })

    const parsed = parseAdminAction(
      body,
      order.items,
      grades.map((grade) => grade.key),
    )
    if (!parsed.ok) return page({ ...backToForm, errors: adminErrorsToQuery(parsed.errors) })

    const result = await staffAction(staff, order, expectedStatus, parsed.action, { origin, grades })
    if (result.ok) return page({ done: parsed.action.move })
    if (result.code === 'moved') return page({ moved: result.status })
    if (result.code === 'notFound') return { notFound: true }
    return page({ ...backToForm, problem: result.code })
  } catch (error) {
    // The error's kind only: a failed query's message can quote what was typed.
    console.error(`Staff order action failed: ${(error as Error).name}`)
    return page({ ...backToForm, problem: 'unavailable' })
  }
}
