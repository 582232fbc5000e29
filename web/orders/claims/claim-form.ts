'use server'

import 'server-only'
import { eq } from 'drizzle-orm'
import { notFound } from 'next/navigation'
import { activeStaffFrom, type StaffMember } from '@/accounts/session'
import { getOrderCopy } from '@/content/loaders'
import { getDb } from '@/db/connection'
import { sellerOrder } from '@/db/schema'
import { formAction, type Outcome } from '@/forms/form-action'
import { formatDateTime } from '@/lib/dates'
import { fillTemplate } from '@/lib/templates'
import { normaliseReference } from '@/orders/record/references'
import { claimOrder, releaseClaim } from './claim-store'
import { CLAIM_ACTIONS, CLAIM_ROW_FIELD, listReturn, parseClaimRow, type ClaimProblem } from './claim-input'
import { markPacksPosted } from './pack-store'

/**
 * Claims and postage packs, as a server action posted with scripts or without, from an order's
 * staff page or the staff list: claim, release, and mark the chosen packs posted. Anyone who is
 * not active staff meets the 404 and nothing changes; staff who are not managers are refused
 * another's claim. Done, the page it came from is drawn again saying so (303 without scripts).
 */
const pageOf = (body: Record<string, string>) =>
  listReturn(body.back) ?? `/admin/orders/${normaliseReference(body.reference ?? '') ?? ''}`

export const claimForm = formAction<Record<string, string>, ClaimProblem, never, StaffMember>({
  page: pageOf,
  only: activeStaffFrom,
  validate: (body) => ({ ok: true, value: body }),
  // From the list, the row's button says what and which order.
  run: (body, { who }) => answerClaimForm(who, { ...body, ...parseClaimRow(body[CLAIM_ROW_FIELD]) }),
  words: async () => {
    const copy = await getOrderCopy()
    const text = copy.claims
    return (code, fill) => {
      const name = String(fill?.name || text.someone)
      switch (code) {
        case 'taken':
          return fillTemplate(text.taken, { name, until: String(fill?.until ?? '') })
        case 'notYours':
          return fillTemplate(text.notYours, { name })
        case 'notClaimed':
          return text.notClaimed
        case 'packsNone':
          return text.packsNone
        case 'unavailable':
          return copy.problems.unavailable
        default:
          return copy.admin.invalid
      }
    }
  },
  name: 'Claim action',
})

const BACK_TO = { claim: 'claim', release: 'release', packs: 'packs' } as const

async function answerClaimForm(visitor: StaffMember, body: Record<string, string>): Promise<Outcome<ClaimProblem>> {
  const staff = { id: visitor.user.id, role: visitor.user.role }
  const db = await getDb()
  const back = listReturn(body.back)
  const done = (what: string, count?: number) => {
    const counted = count === undefined ? '' : `&count=${count}`
    if (back) return { ok: true as const, redirect: `${back}${back.includes('?') ? '&' : '?'}done=${what}${counted}` }
    return { ok: true as const, redirect: `${pageOf(body)}?done=${what}#order-claim` }
  }

  if (body.action === CLAIM_ACTIONS.packs) {
    const chosen = Object.entries(body)
      .filter(([key, value]) => key.startsWith('pack-') && value === 'on')
      .map(([key]) => key.slice('pack-'.length))
    const { marked } = await markPacksPosted(db, { orderIds: chosen, staff })
    if (!marked) return { ok: false, errors: 'packsNone' }
    return done(BACK_TO.packs, marked)
  }

  const reference = normaliseReference(body.reference ?? '')
  if (!reference) notFound()
  const [order] = await db.select({ id: sellerOrder.id }).from(sellerOrder).where(eq(sellerOrder.reference, reference))
  if (!order) notFound()

  if (body.action === CLAIM_ACTIONS.claim) {
    const { timings } = await getOrderCopy()
    const result = await claimOrder(db, { orderId: order.id, staff, hours: timings.claimHours })
    if (result.ok) return done(BACK_TO.claim)
    if (result.reason === 'not-found') notFound()
    return { ok: false, errors: 'taken', fill: { name: result.name ?? '', until: formatDateTime(result.until) } }
  }
  if (body.action === CLAIM_ACTIONS.release) {
    const result = await releaseClaim(db, { orderId: order.id, staff })
    if (result.ok) return done(BACK_TO.release)
    if (result.reason === 'not-found') notFound()
    if (result.reason === 'not-yours') return { ok: false, errors: 'notYours', fill: { name: result.name ?? '' } }
    return { ok: false, errors: 'notClaimed' }
  }
  return { ok: false, errors: 'invalid' }
}
