'use server'

import 'server-only'
import { activeStaffFrom, type StaffMember } from '@/accounts/session'
import { getOrderCopy } from '@/content/loaders'
import { getDb } from '@/db/connection'
import { formAction, type Outcome } from '@/forms/form-action'
import { poundsToPence } from '@/lib/money'
import { approveWaiting, setDailyLimit } from './payout-figures'
import { payoutRules } from './payout-context'

/**
 * The dashboard's two money forms, managers only: the daily limit the job pays within, and the
 * approval of what waits above it today. Anyone else, and any post from another site, meets the
 * 404 the pages give them, and nothing changes. Both send the manager back to the dashboard.
 */
type PayoutProblem = 'limitInvalid' | 'nothingToApprove'

/** The most a limit may be: £10m, far above any day's buying, so a slip of the keyboard is caught. */
const LIMIT_MAX_PENCE = 1_000_000_000

async function activeManagerFrom(incoming: Headers): Promise<StaffMember | null> {
  const member = await activeStaffFrom(incoming)
  return member?.user.role === 'manager' ? member : null
}

const words = async () => {
  const copy = await getOrderCopy()
  return (code: string) => {
    if (code === 'limitInvalid') return copy.payouts.limitInvalid
    if (code === 'nothingToApprove') return copy.payouts.nothingToApprove
    if (code === 'unavailable') return copy.problems.unavailable
    return copy.admin.invalid
  }
}

export const dailyLimitForm = formAction<Record<string, string>, PayoutProblem, never, StaffMember>({
  page: '/admin',
  only: activeManagerFrom,
  validate: (body) => ({ ok: true, value: body }),
  words,
  name: 'Daily payout limit',
  run: async (body, { who }): Promise<Outcome<PayoutProblem>> => {
    const pence = poundsToPence(body.limit ?? '')
    if (pence === null || pence > LIMIT_MAX_PENCE)
      return { ok: false, errors: [{ field: 'limit', code: 'limitInvalid' }] }
    await setDailyLimit(await getDb(), { id: who.user.id }, pence)
    return { ok: true, redirect: '/admin?done=limit#money' }
  },
})

export const approvePayoutsForm = formAction<Record<string, string>, PayoutProblem, never, StaffMember>({
  page: '/admin',
  only: activeManagerFrom,
  validate: (body) => ({ ok: true, value: body }),
  words,
  name: 'Payout approval',
  run: async (_body, { who }): Promise<Outcome<PayoutProblem>> => {
    const approved = await approveWaiting(await getDb(), await payoutRules(), { id: who.user.id })
    if (!approved) return { ok: false, errors: 'nothingToApprove' }
    return { ok: true, redirect: '/admin?done=approved#money' }
  },
})
