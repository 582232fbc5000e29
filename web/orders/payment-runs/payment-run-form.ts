'use server'

import 'server-only'
import { notFound } from 'next/navigation'
import { activeStaffFrom, type StaffMember } from '@/accounts/session'
import { recentlyChecked, recheck } from '@/accounts/step-up'
import { paymentOriginator } from '@/config/index'
import { getOrderCopy } from '@/content/loaders'
import { getDb } from '@/db/connection'
import { formAction, type Fill, type Outcome } from '@/forms/form-action'
import { fillTemplate } from '@/lib/templates'
import { kickOutbox } from '@/mail/outbox-kick'
import { linkOrigin } from '@/mail/link-origin'
import { RECHECK_FIELD } from '@/orders/moves/admin-input'
import { orderMail } from '@/orders/record/mail'
import { loadOrderMailContext } from '@/orders/record/mail-context'
import { makeRun } from './payment-runs'
import { markLineFailed, markRunPaid } from './run-marks'
import { readPayoutKeys } from '@/payouts/payout-crypto'

/**
 * The payment run forms, managers only: making a run (the password asked again once for the whole
 * run, past a few minutes), marking it paid, and marking one payment failed. Anyone else, and any
 * post from another site, meets the 404 the pages give them, and nothing changes.
 */
type RunProblem =
  | 'noneChosen'
  | 'noneLeft'
  | 'payeeName'
  | 'reasonNeeded'
  | 'alreadyMarked'
  | 'recheckNeeded'
  | 'recheckWrong'
  | 'recheckTooMany'
  | 'invalid'

/** A manager with two-step login on; staff, and everyone else, get the 404. */
async function activeManagerFrom(incoming: Headers): Promise<StaffMember | null> {
  const member = await activeStaffFrom(incoming)
  return member?.user.role === 'manager' ? member : null
}

const words = async () => {
  const copy = await getOrderCopy()
  const text = copy.admin
  const runs = text.payments
  return (code: string, fill?: Fill) => {
    switch (code) {
      case 'payeeName':
        return fillTemplate(runs.payeeName, fill ?? {})
      case 'noneChosen':
        return runs.noneChosen
      case 'noneLeft':
        return runs.noneLeft
      case 'reasonNeeded':
        return runs.reasonNeeded
      case 'alreadyMarked':
        return runs.alreadyMarked
      case 'recheckNeeded':
        return text.recheckHelp
      case 'recheckWrong':
        return text.recheckWrong
      case 'recheckTooMany':
        return text.recheckTooMany
      case 'unavailable':
        return copy.problems.unavailable
      default:
        return text.invalid
    }
  }
}

const manager = (member: StaffMember) => ({ id: member.user.id, name: member.user.name })
const ORDER_FIELD = /^order-([0-9a-f-]{36})$/

export const makeRunForm = formAction<Record<string, string>, RunProblem, never, StaffMember>({
  page: '/admin/payments/new',
  only: activeManagerFrom,
  validate: (body) => ({ ok: true, value: body }),
  words,
  name: 'Payment run',
  run: async (body, { request, who }): Promise<Outcome<RunProblem>> => {
    const all = body.all === 'on'
    const chosen = Object.keys(body).flatMap((field) => ORDER_FIELD.exec(field)?.[1] ?? [])
    if (!all && !chosen.length) return { ok: false, errors: 'noneChosen' }
    // The run reveals every payee's bank details to the file: the password again, once for the run.
    if (!(await recentlyChecked(who))) {
      const password = body[RECHECK_FIELD] ?? ''
      if (!password) return { ok: false, errors: [{ field: RECHECK_FIELD, code: 'recheckNeeded' }] }
      const checked = await recheck(who, request.headers, { password })
      if (checked !== 'ok') {
        return {
          ok: false,
          errors: [{ field: RECHECK_FIELD, code: checked === 'wrong' ? 'recheckWrong' : 'recheckTooMany' }],
        }
      }
    }
    const made = await makeRun(await getDb(), {
      orderIds: all ? 'all-ready' : chosen,
      manager: manager(who),
      originator: paymentOriginator(),
      keys: readPayoutKeys(),
    })
    if (!made.ok && made.reason === 'payee-name') {
      return { ok: false, errors: 'payeeName', fill: { orders: made.references.join(', ') } }
    }
    if (!made.ok) return { ok: false, errors: made.reason === 'none-chosen' ? 'noneChosen' : 'noneLeft' }
    const skipped = made.skipped ? `&skipped=${made.skipped}` : ''
    return { ok: true, redirect: `/admin/payments/${made.runId}?done=made${skipped}` }
  },
})

const RUN_ID = /^[0-9a-f-]{36}$/

export const markRunForm = formAction<Record<string, string>, RunProblem, never, StaffMember>({
  page: (body) => `/admin/payments/${RUN_ID.test(body.run ?? '') ? body.run : ''}`,
  only: activeManagerFrom,
  validate: (body) => ({ ok: true, value: body }),
  words,
  name: 'Payment run marking',
  run: async (body, { who }): Promise<Outcome<RunProblem>> => {
    const runId = body.run ?? ''
    if (!RUN_ID.test(runId)) notFound()
    const db = await getDb()
    const mail = await loadOrderMailContext(linkOrigin())
    if (body.mark === 'paid') {
      const marked = await markRunPaid(db, {
        runId,
        manager: manager(who),
        emails: (order) => orderMail('paid', order, mail),
      })
      if (!marked.ok && marked.reason === 'not-found') notFound()
      if (!marked.ok) return { ok: false, errors: 'alreadyMarked' }
      kickOutbox()
      return { ok: true, redirect: `/admin/payments/${runId}?done=paid` }
    }
    if (body.mark === 'failed') {
      const reason = (body.reason ?? '').trim().slice(0, 500)
      const lineId = Number(body.line)
      if (!reason) return { ok: false, errors: [{ field: `reason-${body.line ?? ''}`, code: 'reasonNeeded' }] }
      const marked = await markLineFailed(db, {
        runId,
        lineId,
        reason,
        manager: manager(who),
        emails: (order) => orderMail('paymentFailed', order, mail),
      })
      if (!marked.ok && marked.reason === 'not-found') notFound()
      if (!marked.ok) return { ok: false, errors: 'alreadyMarked' }
      kickOutbox()
      return { ok: true, redirect: `/admin/payments/${runId}?done=failed` }
    }
    return { ok: false, errors: 'invalid' }
  },
})
