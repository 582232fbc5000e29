'use server'

import 'server-only'
import { notFound } from 'next/navigation'
import { activeStaffFrom, type StaffMember } from '@/accounts/session'
import { getOrderCopy } from '@/content/loaders'
import { getDb } from '@/db/connection'
import { formAction, type Outcome } from '@/forms/form-action'
import { fillTemplate } from '@/lib/templates'
import { settledOrder } from '@/orders/actions/actions'
import { normaliseReference } from '@/orders/record/references'
import { linkOrigin } from '@/mail/link-origin'
import { kickOutbox } from '@/mail/outbox-kick'
import { lockContext } from '@/orders/lock-hold/lock-context'
import { LOCK_ACTIONS, parseHoldId, parseLockDevices, type LockProblem } from './lock-input'
import { holdForLock } from '@/orders/lock-hold/lock-hold'
import { releaseLockHold } from './lock-store'

/**
 * The lock hold's forms on an order's staff page, as a server action posted with scripts or
 * without: hold the order for the devices ticked (or hold it again), release it. Anyone who is not
 * active staff meets the 404 and nothing changes. Done, the page is drawn again saying so.
 */
type Problem = LockProblem | 'moved' | 'unknownAction'

const pageOf = (body: Record<string, string>) => `/admin/orders/${normaliseReference(body.reference ?? '') ?? ''}`

export const lockForm = formAction<Record<string, string>, Problem, never, StaffMember>({
  page: pageOf,
  only: activeStaffFrom,
  validate: (body) => ({ ok: true, value: body }),
  run: (body, { who }) => answerLockForm(who, body),
  words: async () => {
    const copy = await getOrderCopy()
    const text = copy.locks
    return (code, fill) => {
      switch (code) {
        case 'noDevices':
          return text.noDevices
        case 'notHeld':
          return text.notHeld
        case 'notHoldable':
          return text.notHoldable
        case 'moved': {
          const status = String(fill?.status ?? '')
          return fillTemplate(copy.admin.moved, {
            status: copy.statuses.find((known) => known.key === status)?.name ?? status,
          })
        }
        case 'unavailable':
          return copy.problems.unavailable
        default:
          return copy.admin.invalid
      }
    }
  },
  name: 'Lock hold action',
})

async function answerLockForm(visitor: StaffMember, body: Record<string, string>): Promise<Outcome<Problem>> {
  const reference = normaliseReference(body.reference ?? '')
  if (!reference) notFound()
  const staff = { id: visitor.user.id, role: visitor.user.role }
  const done = (what: string): Outcome<Problem> => ({
    ok: true,
    redirect: `/admin/orders/${reference}?done=${what}#order-lock`,
  })
  const order = await settledOrder(reference, linkOrigin())
  if (!order) notFound()

  if (body.action === LOCK_ACTIONS.hold) {
    const parsed = parseLockDevices(body)
    // Said above the form, where the focus goes: the boxes are one question.
    if (!parsed.ok) return { ok: false, errors: parsed.errors[0]?.code === 'invalid' ? 'invalid' : 'noDevices' }
    const result = await holdForLock(
      await getDb(),
      { orderId: order.id, itemIds: parsed.value.itemIds, actor: staff.role, actorUserId: staff.id },
      await lockContext(),
    )
    if (result.ok) {
      if (!result.already) kickOutbox()
      return done(LOCK_ACTIONS.hold)
    }
    if (result.reason === 'not-found') notFound()
    return { ok: false, errors: result.reason === 'moved' ? 'notHoldable' : 'noDevices' }
  }

  if (body.action === LOCK_ACTIONS.release) {
    const parsed = parseHoldId(body)
    if (!parsed.ok) return { ok: false, errors: 'invalid' }
    const result = await releaseLockHold(await getDb(), {
      orderId: order.id,
      holdId: parsed.value.hold,
      actor: staff.role,
      actorUserId: staff.id,
    })
    if (result.ok) return done(LOCK_ACTIONS.release)
    if (result.reason === 'not-found') notFound()
    return { ok: false, errors: 'notHeld' }
  }
  return { ok: false, errors: 'unknownAction' }
}
