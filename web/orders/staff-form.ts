'use server'

import 'server-only'
import { headers } from 'next/headers'
import { notFound, redirect, RedirectType } from 'next/navigation'
import { getSignedIn, isActiveStaff } from '@/accounts/session'
import { linkOrigin } from '@/mail/link-origin'
import type { StaffMember } from '@/accounts/session'
import { recentlyChecked, recheck } from '@/accounts/step-up'
import { getConditionGrades, getOrderCopy } from '@/content/loaders'
import { describedRequest, fieldsOf, typedBack } from '@/forms/form-action'
import type { FormProblem, FormState } from '@/forms/form-state'
import { isCrossOrigin } from '@/http/same-origin'
import { describeError } from '@/lib/log'
import { fillTemplate } from '@/lib/templates'
import { parseAdminAction, RECHECK_FIELD } from './admin-input'
import { revealPayout, settledOrder, staffAction } from './actions'
import { isOrderStatus } from './lifecycle'
import { normaliseReference } from './references'

/** Where a staff form sends its sender next, or what stopped it (shown in the form it came from). */
type StaffFormAnswer = { to: string } | { problems: StaffProblem[] } | { notFound: true }

/**
 * What stops a staff form, by code. `recheckNeeded`: the password must be given again (the form
 * grows the field); `recheckWrong`, `recheckTooMany`: the password given was refused. `moved`:
 * someone else moved the order first, to `status`.
 */
type StaffProblem =
  | {
      field: string
      code: 'missing' | 'invalid' | 'tooLong' | 'overMaximum' | 'noneRevised' | 'unknownItem' | 'unknownAction'
    }
  | { field: typeof RECHECK_FIELD; code: 'recheckNeeded' | 'recheckWrong' | 'recheckTooMany' }
  | { field: null; code: 'notAllowed' | 'invalid' | 'unavailable' }
  | { field: null; code: 'moved'; status: string }

/**
 * The staff forms on an order's page (an action on the order; a manager's request to see the bank
 * details), as a server action posted with scripts or without. Anyone who is not staff meets the
 * 404 the pages give them, and nothing changes; a form posted from another site changes nothing
 * either. Done, staff are sent on (303) to the order's page saying so; otherwise the form comes
 * back with what stopped it in the content's words, and what was typed (never the password).
 */
export async function staffForm(previous: FormState, form: FormData): Promise<FormState> {
  const incoming = await headers()
  const body = fieldsOf(form)
  const reference = normaliseReference(body.reference ?? '')
  const request = describedRequest(incoming, `/admin/orders/${reference ?? ''}`)
  if (isCrossOrigin(request) || !reference) notFound()
  const visitor = await getSignedIn(incoming)
  if (!visitor || !isActiveStaff(visitor)) notFound()

  const answer = await answerStaffForm(visitor, reference, body, request)
  if ('notFound' in answer) notFound()
  if ('to' in answer) redirect(answer.to, RedirectType.push)
  const copy = await getOrderCopy()
  const text = copy.admin
  const message = (problem: StaffProblem): string => {
    switch (problem.code) {
      case 'moved':
        return fillTemplate(text.moved, {
          status: copy.statuses.find((status) => status.key === problem.status)?.name ?? problem.status,
        })
      case 'recheckNeeded':
        return text.recheckHelp
      case 'recheckWrong':
        return text.recheckWrong
      case 'recheckTooMany':
        return text.recheckTooMany
      case 'notAllowed':
        return text.notAllowed
      case 'unavailable':
        return copy.problems.unavailable
      default:
        return text.invalid
    }
  }
  const problems: FormProblem[] = answer.problems.map((problem) => ({
    field: problem.field,
    code: problem.code,
    message: message(problem),
  }))
  return { problems, typed: typedBack(body), sent: (previous?.sent ?? 0) + 1 }
}

/**
 * A staff action posted from an order's page, or a manager's request to see the bank details:
 * both of those and paying ask for the password again past a few minutes. The caller has checked
 * the origin and that the sender is active staff.
 */
async function answerStaffForm(
  visitor: StaffMember,
  reference: string,
  body: Record<string, string>,
  request: Request,
): Promise<StaffFormAnswer> {
  const staff = { id: visitor.user.id, role: visitor.user.role }
  const stopped = (...problems: StaffProblem[]) => ({ problems })
  const move = body.action ?? ''

  try {
    // Bank details and payments: a manager only, who proved it was them within the last minutes.
    if (move === 'reveal' || move === 'pay') {
      if (staff.role !== 'manager') return stopped({ field: null, code: 'notAllowed' })
      if (!(await recentlyChecked(visitor))) {
        const password = body[RECHECK_FIELD] ?? ''
        if (!password) return stopped({ field: RECHECK_FIELD, code: 'recheckNeeded' })
        const checked = await recheck(visitor, request.headers, { password })
        if (checked === 'wrong') return stopped({ field: RECHECK_FIELD, code: 'recheckWrong' })
        if (checked === 'tooMany') return stopped({ field: RECHECK_FIELD, code: 'recheckTooMany' })
      }
    }
    if (move === 'reveal') {
      const recorded = await revealPayout(staff, reference)
      if (!recorded) return { notFound: true }
      return { to: `/admin/orders/${reference}?revealed=${recorded}#order-payout` }
    }

    const origin = linkOrigin()
    const [order, grades] = await Promise.all([settledOrder(reference, origin), getConditionGrades()])
    if (!order) return { notFound: true }
    const expectedStatus = body.expectedStatus ?? ''
    if (!isOrderStatus(expectedStatus)) return stopped({ field: null, code: 'invalid' })

    const parsed = parseAdminAction(
      body,
      order.items,
      grades.map((grade) => grade.key),
    )
    if (!parsed.ok) return stopped(...parsed.errors)

    const result = await staffAction(staff, order, expectedStatus, parsed.value, { origin, grades })
    if (result.ok) return { to: `/admin/orders/${reference}?done=${parsed.value.move}` }
    if (result.code === 'moved') return stopped({ field: null, code: 'moved', status: result.status })
    if (result.code === 'notFound') return { notFound: true }
    return stopped({ field: null, code: result.code })
  } catch (error) {
    // The error's kind only: a failed query's message can quote what was typed.
    console.error(`Staff order action failed: ${describeError(error)}`)
    return stopped({ field: null, code: 'unavailable' })
  }
}
