'use server'

import 'server-only'
import { activeStaffFrom, type StaffMember } from '@/accounts/session'
import { recentlyChecked, recheck } from '@/accounts/step-up'
import { getConditionGrades, getDeviceChecklists, getOrderCopy, getPriceList } from '@/content/loaders'
import { formAction, type Outcome } from '@/forms/form-action'
import { linkOrigin } from '@/mail/link-origin'
import { fillTemplate } from '@/lib/templates'
import { formatDateTime } from '@/lib/dates'
import { notFound } from 'next/navigation'
import {
  parseAdminAction,
  parseReturnDeclined,
  parseRiseDecision,
  RECHECK_FIELD,
  RETURN_DECLINED,
  type AdminProblem,
} from '@/orders/moves/admin-input'
import { returnDeclined, settledOrder, staffAction } from './actions'
import { decideRise, RISE_ACTIONS } from './rise-actions'
import { revealPayout } from './payout-reveal'
import { isOrderStatus } from '@/orders/record/lifecycle'
import { withChecklists, withPublishedPrices } from '@/orders/moves/published-prices'
import { normaliseReference } from '@/orders/record/references'

/**
 * What stops a staff form, by code, besides the rules' own. `recheckNeeded`: the password must be
 * given again (the form grows the field); `recheckWrong`, `recheckTooMany`: the password given was
 * refused. `moved`: someone else moved the order first (to the status the outcome fills in).
 */
type StaffProblem =
  | AdminProblem
  | 'recheckNeeded'
  | 'recheckWrong'
  | 'recheckTooMany'
  | 'notAllowed'
  | 'invalid'
  | 'unavailable'
  | 'moved'
  | 'registerDown'
  | 'registerNotPassed'
  | 'payoutHeld'
  | 'nothingToReturn'
  | 'riseWaiting'
  | 'riseUnapproved'
  | 'identityUnseen'
  | 'ownRise'
  | 'nothingWaiting'
  | 'notReleasable'
  | 'notReturnable'
  | 'lockHeld'
  | 'freeOrder'
  | 'notFreeOrder'

const pageOf = (body: Record<string, string>) => `/admin/orders/${normaliseReference(body.reference ?? '') ?? ''}`

/**
 * The staff forms on an order's page (an action on the order; a manager's request to see the bank
 * details), as a server action posted with scripts or without. Anyone who is not active staff, and
 * any post from another site, meets the 404 the pages give them, and nothing changes. Done, staff
 * are sent on (303) to the order's page saying so; otherwise the form comes back with what stopped
 * it in the content's words, and what was typed (never the password).
 */
export const staffForm = formAction<Record<string, string>, StaffProblem, never, StaffMember>({
  page: pageOf,
  only: activeStaffFrom,
  validate: (body) => ({ ok: true, value: body }),
  run: (body, { request, who }) => answerStaffForm(who, body, request),
  words: async () => {
    const copy = await getOrderCopy()
    const text = copy.admin
    return (code, fill) => {
      switch (code) {
        case 'moved': {
          const status = String(fill?.status ?? '')
          return fillTemplate(text.moved, {
            status: copy.statuses.find((known) => known.key === status)?.name ?? status,
          })
        }
        case 'payoutHeld':
          return fillTemplate(text.payoutHeld, { until: String(fill?.until ?? '') })
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
        case 'registerDown':
          return text.registerDown
        case 'registerNotPassed':
          return text.registerNotPassed
        case 'nothingToReturn':
          return text.declinedNoneToReturn
        case 'riseWaiting':
          return copy.rises.alreadyWaiting
        case 'riseUnapproved':
          return copy.rises.unapproved
        case 'identityUnseen':
          return copy.identity.notPaid
        case 'ownRise':
          return copy.rises.ownRiseRefused
        case 'nothingWaiting':
          return copy.rises.nothingWaiting
        case 'notReleasable':
          return copy.holds.notReleasable
        case 'notReturnable':
          return copy.holds.notReturnable
        case 'lockHeld':
          return copy.locks.checkHeld
        case 'freeOrder':
          return text.freeOrder
        case 'notFreeOrder':
          return text.notFreeOrder
        case 'checkStopped':
          return copy.checklist.stopped
        case 'priceReasonMissing':
          return copy.checklist.reasonMissing
        default:
          return text.invalid
      }
    }
  },
  name: 'Staff order action',
})

/**
 * A staff action posted from an order's page, or a manager's request to see the bank details:
 * both of those and paying ask for the password again past a few minutes. formAction has checked
 * the origin and that the sender is active staff.
 */
async function answerStaffForm(
  visitor: StaffMember,
  body: Record<string, string>,
  request: Request,
): Promise<Outcome<StaffProblem>> {
  const reference = normaliseReference(body.reference ?? '')
  if (!reference) notFound()
  const staff = { id: visitor.user.id, role: visitor.user.role }
  const stopped = (errors: StaffProblem, fill?: Record<string, string>): Outcome<StaffProblem> => ({
    ok: false,
    errors,
    ...(fill ? { fill } : {}),
  })
  const recheckStopped = (code: StaffProblem): Outcome<StaffProblem> => ({
    ok: false,
    errors: [{ field: RECHECK_FIELD, code }],
  })
  const move = body.action ?? ''

  // Bank details and payments: a manager only, who proved it was them within the last minutes.
  if (move === 'reveal' || move === 'pay') {
    if (staff.role !== 'manager') return stopped('notAllowed')
    if (!(await recentlyChecked(visitor))) {
      const password = body[RECHECK_FIELD] ?? ''
      if (!password) return recheckStopped('recheckNeeded')
      const checked = await recheck(visitor, request.headers, { password })
      if (checked === 'wrong') return recheckStopped('recheckWrong')
      if (checked === 'tooMany') return recheckStopped('recheckTooMany')
    }
  }
  if (move === 'reveal') {
    const recorded = await revealPayout(staff, reference)
    if (!recorded) notFound()
    return { ok: true, redirect: `/admin/orders/${reference}?revealed=${recorded}#order-payout` }
  }

  const origin = linkOrigin()
  const [order, grades, models, checklists] = await Promise.all([
    settledOrder(reference, origin),
    getConditionGrades(),
    getPriceList(),
    getDeviceChecklists(),
  ])
  if (!order) notFound()

  // A manager's decision on a price rise waiting: not a move staff choose, but the revise it allows.
  if (move === RISE_ACTIONS.approve || move === RISE_ACTIONS.refuse) {
    if (staff.role !== 'manager') return stopped('notAllowed')
    const parsed = parseRiseDecision(body)
    if (!parsed.ok) return { ok: false, errors: parsed.errors }
    const result = await decideRise(staff, order, move, parsed.value.reason, origin)
    if (result.ok) return { ok: true, redirect: `/admin/orders/${reference}?done=${move}` }
    if (result.code === 'moved') return stopped('moved', { status: result.status })
    if (result.code === 'notFound' || result.code === 'payoutHeld') notFound()
    return stopped(result.code)
  }

  // Not a move: the order stays where it is while its declined devices go back.
  if (move === RETURN_DECLINED.action) {
    const parsed = parseReturnDeclined(body)
    if (!parsed.ok) return { ok: false, errors: parsed.errors }
    const result = await returnDeclined(staff, order, parsed.value.tracking, origin)
    if (result.ok) return { ok: true, redirect: `/admin/orders/${reference}?done=${RETURN_DECLINED.action}` }
    if (result.code === 'moved') return stopped('moved', { status: result.status })
    if (result.code === 'notFound') notFound()
    return stopped(result.code)
  }

  const expectedStatus = body.expectedStatus ?? ''
  if (!isOrderStatus(expectedStatus)) return stopped('invalid')

  const gradeKeys = grades.map((grade) => grade.key)
  const parsed = parseAdminAction(
    body,
    withChecklists(withPublishedPrices(order.items, models), models, checklists, gradeKeys),
    gradeKeys,
  )
  if (!parsed.ok) return { ok: false, errors: parsed.errors }

  const result = await staffAction(staff, order, expectedStatus, parsed.value, { origin, grades })
  if (result.ok) return { ok: true, redirect: `/admin/orders/${reference}?done=${result.done ?? parsed.value.move}` }
  if (result.code === 'moved') return stopped('moved', { status: result.status })
  if (result.code === 'payoutHeld') return stopped('payoutHeld', { until: formatDateTime(result.until) })
  if (result.code === 'notFound') notFound()
  return stopped(result.code)
}
