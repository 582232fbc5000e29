'use server'

import 'server-only'
import { notFound } from 'next/navigation'
import { activeStaffFrom, type StaffMember } from '@/accounts/session'
import { getOrderCopy } from '@/content/loaders'
import { getDb } from '@/db/connection'
import { formAction, type Outcome } from '@/forms/form-action'
import { fillTemplate } from '@/lib/templates'
import { linkOrigin } from '@/mail/link-origin'
import { settledOrder } from '@/orders/actions/actions'
import { normaliseReference } from '@/orders/record/references'
import { registerClient } from '@/register/client'
import { askRegister } from '@/register/checks'
import { clearCaution } from './caution-store'
import { HOLD_ACTIONS, parseClearCaution, parseRecheck, type HoldProblem } from './hold-input'
import { recordRecheck } from './recheck-store'

/**
 * The register's forms on an order's staff page, as a server action posted with scripts or
 * without: a manager clears a caution; staff check a held order's devices again. Anyone who is not
 * active staff meets the 404 and nothing changes; staff who are not managers are refused a
 * clearing. Done, the page is drawn again saying so (303 without scripts).
 */
type Problem =
  | HoldProblem
  | 'notAllowed'
  | 'moved'
  | 'alreadyCleared'
  | 'alreadyChecked'
  | 'recheckDown'
  | 'notCheckable'
  | 'unknownAction'

const pageOf = (body: Record<string, string>) => `/admin/orders/${normaliseReference(body.reference ?? '') ?? ''}`

export const holdForm = formAction<Record<string, string>, Problem, never, StaffMember>({
  page: pageOf,
  only: activeStaffFrom,
  validate: (body) => ({ ok: true, value: body }),
  run: (body, { who }) => answerHoldForm(who, body),
  words: async () => {
    const copy = await getOrderCopy()
    const text = copy.holds
    return (code, fill, field) => {
      switch (code) {
        case 'notAllowed':
          return text.managerNeeded
        case 'moved': {
          const status = String(fill?.status ?? '')
          return fillTemplate(copy.admin.moved, {
            status: copy.statuses.find((known) => known.key === status)?.name ?? status,
          })
        }
        case 'alreadyCleared':
          return text.alreadyCleared
        case 'alreadyChecked':
          return text.alreadyChecked
        case 'recheckDown':
          return text.recheckDown
        case 'notCheckable':
          return text.notCheckable
        case 'unavailable':
          return copy.problems.unavailable
        case 'missing':
        case 'tooLong':
          return field === 'reason' ? text.clearReasonProblem : copy.admin.invalid
        default:
          return copy.admin.invalid
      }
    }
  },
  name: 'Register hold action',
})

async function answerHoldForm(visitor: StaffMember, body: Record<string, string>): Promise<Outcome<Problem>> {
  const reference = normaliseReference(body.reference ?? '')
  if (!reference) notFound()
  const staff = { id: visitor.user.id, role: visitor.user.role }
  const done = (what: string): Outcome<Problem> => ({
    ok: true,
    redirect: `/admin/orders/${reference}?done=${what}#order-register`,
  })
  const order = await settledOrder(reference, linkOrigin())
  if (!order) notFound()

  if (body.action === HOLD_ACTIONS.clearCaution) {
    // Before the form's rules: a member of staff is told who may, whatever they typed.
    if (staff.role !== 'manager') return { ok: false, errors: 'notAllowed' }
    const parsed = parseClearCaution(body)
    if (!parsed.ok) return { ok: false, errors: parsed.errors }
    const result = await clearCaution(await getDb(), {
      orderId: order.id,
      itemId: parsed.value.item,
      certificate: parsed.value.certificate,
      reason: parsed.value.reason,
      manager: staff,
    })
    if (result.ok) return done(HOLD_ACTIONS.clearCaution)
    if (result.reason === 'moved') return { ok: false, errors: 'moved', fill: { status: result.status } }
    if (result.reason === 'not-found') notFound()
    return { ok: false, errors: result.reason === 'not-allowed' ? 'notAllowed' : 'alreadyCleared' }
  }

  if (body.action === HOLD_ACTIONS.recheck) {
    const parsed = parseRecheck(body)
    if (!parsed.ok) return { ok: false, errors: 'invalid' }
    if (order.status !== 'quarantined') return { ok: false, errors: 'moved', fill: { status: order.status } }
    const devices = order.items.filter((item): item is typeof item & { imei: string } => item.imei !== null)
    // A device never checked (quarantined by hand before its check) has nothing to ask the register with.
    if (devices.length !== order.items.length) return { ok: false, errors: 'notCheckable' }
    const answers = await askRegister(
      registerClient(),
      devices.map((item) => item.imei),
    )
    const result = await recordRecheck(await getDb(), {
      orderId: order.id,
      seen: parsed.value.seen,
      answers: devices.map((item, index) => ({ itemId: item.id, device: item.device, set: answers[index]! })),
      actor: staff.role,
      actorUserId: staff.id,
    })
    if (result.ok) return done(HOLD_ACTIONS.recheck)
    if (result.reason === 'moved') return { ok: false, errors: 'moved', fill: { status: result.status } }
    if (result.reason === 'not-found') notFound()
    return { ok: false, errors: result.reason === 'already-checked' ? 'alreadyChecked' : 'recheckDown' }
  }
  return { ok: false, errors: 'unknownAction' }
}
