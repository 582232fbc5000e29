'use server'

import 'server-only'
import { notFound } from 'next/navigation'
import { activeStaffFrom, type StaffMember } from '@/accounts/session'
import { getOrderCopy } from '@/content/loaders'
import { getDb } from '@/db/connection'
import { formAction, type Outcome } from '@/forms/form-action'
import { linkOrigin } from '@/mail/link-origin'
import { kickOutbox } from '@/mail/outbox-kick'
import { loadOrderMailContext } from '@/orders/record/mail-context'
import { normaliseReference } from '@/orders/record/references'
import { getOrder } from '@/orders/record/store'
import { IDENTITY_ACTIONS } from './identity-actions'
import { askIdentity, verifyIdentity } from './identity-store'

/**
 * The identity panel's forms on an order's staff page, as a server action posted with scripts or
 * without: ask the seller for proof of identity, or record the photo sent as seen or refused.
 * Anyone who is not active staff meets the 404 and nothing changes.
 */
type Problem = 'alreadyAsked' | 'alreadySeen' | 'orderEnded' | 'nothingToVerify' | 'unknownAction'

const pageOf = (body: Record<string, string>) => `/admin/orders/${normaliseReference(body.reference ?? '') ?? ''}`

export const identityForm = formAction<Record<string, string>, Problem, never, StaffMember>({
  page: pageOf,
  only: activeStaffFrom,
  validate: (body) => ({ ok: true, value: body }),
  run: (body, { who }) => answerIdentityForm(who, body),
  words: async () => {
    const copy = await getOrderCopy()
    const text = copy.identity
    return (code) => {
      switch (code) {
        case 'alreadyAsked':
          return text.alreadyAsked
        case 'alreadySeen':
          return text.staffAlreadySeen
        case 'orderEnded':
          return text.askEnded
        case 'unavailable':
          return copy.problems.unavailable
        default:
          return copy.admin.invalid
      }
    }
  },
  name: 'Identity action',
})

async function answerIdentityForm(visitor: StaffMember, body: Record<string, string>): Promise<Outcome<Problem>> {
  const reference = normaliseReference(body.reference ?? '')
  if (!reference) notFound()
  const db = await getDb()
  const order = await getOrder(db, { reference })
  if (!order) notFound()
  const staff = { staffId: visitor.user.id, actor: visitor.user.role }
  const done = (what: string): Outcome<Problem> => ({
    ok: true,
    redirect: `/admin/orders/${reference}?done=${what}#order-identity`,
  })
  if (body.action === IDENTITY_ACTIONS.ask) {
    const asked = await askIdentity(db, { orderId: order.id, ...staff, mail: await loadOrderMailContext(linkOrigin()) })
    if (asked.ok) {
      kickOutbox()
      return done(IDENTITY_ACTIONS.ask)
    }
    if (asked.reason === 'not-found') notFound()
    const problems = {
      'already-seen': 'alreadySeen',
      'order-ended': 'orderEnded',
      'already-asked': 'alreadyAsked',
    } as const
    return { ok: false, errors: problems[asked.reason] }
  }
  if (body.action === IDENTITY_ACTIONS.seen || body.action === IDENTITY_ACTIONS.refuse) {
    const outcome = body.action === IDENTITY_ACTIONS.seen ? 'seen' : 'refused'
    const verified = await verifyIdentity(db, { orderId: order.id, ...staff, outcome })
    if (verified.ok) return done(body.action)
    if (verified.reason === 'not-found') notFound()
    return { ok: false, errors: 'nothingToVerify' }
  }
  return { ok: false, errors: 'unknownAction' }
}
