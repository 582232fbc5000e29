import 'server-only'
import { and, eq, gt } from 'drizzle-orm'
import { sellerOrder } from '@/db/schema'
import { getConditionGrades, getOrderCopy, getPriceList } from '@/content/loaders'
import type { ConditionGrade } from '@/content/types'
import { getSignedIn } from '@/accounts/session'
import { getDb } from '@/db/connection'
import type { ItemCheck, ItemRevision, StaffAction } from '@/orders/moves/admin-input'
import { addDays, allowedMove, type Actor, type MoveName } from '@/orders/record/lifecycle'
import { readOrderLink, readOrderToken, type OrderLinkScope } from '@/orders/record/order-token'
import { getOrder, type OrderRecord } from '@/orders/record/store'
import { moveOrder, type MoveRequest, type MoveResult } from '@/orders/moves/move-store'
import { answerDevices, returnDeclinedDevices } from '@/orders/moves/device-answers'
import { kickOutbox } from '@/mail/outbox-kick'
import { carrierClient } from '@/carrier/client'
import { kickLabels } from '@/orders/parcels/jobs'
import { replaceLabel } from '@/orders/parcels/parcels'
import { formatPence } from '@/lib/money'
import { fillTemplate } from '@/lib/templates'
import { registerClient } from '@/register/client'
import { timerContext } from '@/orders/moves/timings'
import { checkMails, flagIfFailed } from '@/orders/moves/register-checks'
import { askRegister, payBlock } from '@/register/checks'
import { applyTimers } from '@/orders/moves/timers'
import { orderMail } from '@/orders/record/mail'
import { proposeRise } from '@/orders/moves/rise-store'
import { holdGuard } from '@/orders/moves/hold-guards'
import { noOpenLockHold } from '@/orders/lock-hold/lock-guard'
import { holdForLock } from '@/orders/lock-hold/lock-hold'
import { lockContext } from '@/orders/lock-hold/lock-context'
import { LOCK_ACTIONS } from '@/orders/lock-hold/lock-names'
import { checkParcel, receiveParcel } from '@/orders/moves/late-parcels'
import { checkRequest, lockedByCheck } from '@/orders/moves/check-request'
import { lostInCare } from '@/orders/moves/lost-in-care'
import { freeOnlyMove, freeRecyclingBlock, pricedMove } from '@/orders/moves/free-recycling'

/**
 * What sellers and staff do to an order, checked against the lifecycle table, and what the page
 * shows. Reads never write: the minute job moves orders when the clock says so, and an action
 * first applies whatever the clock owes the order, so that it is judged against the real state.
 */

export async function readOrder(reference: string): Promise<OrderRecord | null> {
  return getOrder(await getDb(), { reference })
}

/** The order a seller's signed link opens, or null when the link is forged, damaged, expired or the tracker's. */
export async function readOrderByToken(token: string | undefined): Promise<OrderRecord | null> {
  const reference = token ? readOrderToken(token) : null
  return reference ? readOrder(reference) : null
}

/** The order any signed link opens (the seller's or the tracker's), and whether the link may change it. */
export async function openOrderLink(
  token: string | undefined,
): Promise<{ order: OrderRecord; scope: OrderLinkScope } | null> {
  const link = token ? readOrderLink(token) : null
  const order = link ? await readOrder(link.reference) : null
  return link && order ? { order, scope: link.scope } : null
}

/** Whether the seller may act from this link: theirs from the e-mail, or the tracker's while signed in to the order's account. */
export function mayAct(
  scope: OrderLinkScope,
  order: Pick<OrderRecord, 'userId'>,
  visitorUserId: string | null,
): boolean {
  return scope === 'act' || (order.userId !== null && order.userId === visitorUserId)
}

/**
 * The order a file of the seller's own is made for (the label, the invoice): opened by the link in
 * `?order=`, when that link may act (see mayAct); null for anyone else.
 */
export async function sellersOwnOrder(request: Request): Promise<OrderRecord | null> {
  const opened = await openOrderLink(new URL(request.url).searchParams.get('order') ?? undefined)
  if (!opened) return null
  const visitor = opened.scope === 'view' ? await getSignedIn(request.headers) : null
  return mayAct(opened.scope, opened.order, visitor?.user.id ?? null) ? opened.order : null
}

/** The order as an action must see it: what the clock owes it applied first (its e-mails queued). */
export async function settledOrder(reference: string, origin: string): Promise<OrderRecord | null> {
  const db = await getDb()
  const order = await getOrder(db, { reference })
  if (!order) return null
  if (await applyTimers(db, order.id, await timerContext(origin))) {
    kickOutbox()
    return getOrder(db, { reference })
  }
  return order
}

export type ActionResult =
  /** Done; `done` names what was done when it is not the move asked for (a rise sent for approval). */
  | { ok: true; done?: string }
  | {
      ok: false
      code:
        | 'notFound'
        | 'notAllowed'
        | 'invalid'
        | 'registerDown'
        | 'registerNotPassed'
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
    }
  | { ok: false; code: 'moved'; status: string }
  | { ok: false; code: 'payoutHeld'; until: Date }

/** What a seller can ask of the whole order from its page, and the move each makes. */
const SELLER_MOVES = { cancel: 'cancel', return: 'requestReturn' } as const
/** What a seller can answer: each of those, or accepting or declining one device's new price. */
export type SellerAnswer = 'accept' | 'decline' | keyof typeof SELLER_MOVES

/**
 * A seller's answer from a signed link: accept or decline the new price of one device of a revised
 * offer, cancel before it arrives, or ask for the device back free until they are paid. The
 * tracker's link (reference and postcode, both on the parcel) only shows the order: it answers only
 * for the order's own account, signed in.
 */
export async function sellerAnswer(
  token: string,
  answer: { kind: 'accept' | 'decline'; itemId: string } | { kind: keyof typeof SELLER_MOVES },
  origin: string,
  visitorUserId: string | null = null,
): Promise<(ActionResult | { ok: false; code: 'signedLinkNeeded' }) & { reference?: string }> {
  const link = readOrderLink(token)
  if (link && !mayAct(link.scope, (await readOrder(link.reference)) ?? { userId: null }, visitorUserId)) {
    return { ok: false, code: 'signedLinkNeeded' }
  }
  const order = link ? await settledOrder(link.reference, origin) : null
  if (!order) return { ok: false, code: 'notFound' }
  if (!('itemId' in answer)) {
    const move = SELLER_MOVES[answer.kind]
    const result = await act(order, { move, actor: 'seller', actorUserId: order.userId }, origin)
    return { ...result, reference: order.reference }
  }
  const result = await answerDevices(await getDb(), {
    orderId: order.id,
    answers: [{ itemId: answer.itemId, answer: answer.kind }],
    actor: 'seller',
    actorUserId: order.userId,
  })
  if (result.ok) kickOutbox()
  // A device answered already (a second click, another tab) is where the seller meant it to be.
  if (result.ok) return { ok: true, reference: order.reference }
  if (result.reason === 'moved') return { ok: false, code: 'moved', status: result.status, reference: order.reference }
  return { ok: false, code: result.reason === 'unknown-item' ? 'invalid' : 'notFound', reference: order.reference }
}

/**
 * A second postage label, from the seller's own link (or their signed-in account): the carrier's
 * new label replaces the old (parcels.ts); refused once the parcel is in the post.
 */
export async function sellerNewLabel(
  token: string,
  visitorUserId: string | null = null,
): Promise<{ ok: true } | { ok: false; code: 'notFound' | 'signedLinkNeeded' | 'labelPosted' | 'unavailable' }> {
  const link = readOrderLink(token)
  const order = link ? await readOrder(link.reference) : null
  if (!link || !order) return { ok: false, code: 'notFound' }
  if (!mayAct(link.scope, order, visitorUserId)) return { ok: false, code: 'signedLinkNeeded' }
  const result = await replaceLabel(await getDb(), carrierClient(), {
    orderId: order.id,
    actor: 'seller',
    actorUserId: order.userId,
  })
  if (result.kind === 'replaced') return { ok: true }
  // No label yet (the carrier has not made the first): the labels job is asked again now.
  if (result.kind === 'none') {
    kickLabels()
    return { ok: false, code: 'unavailable' }
  }
  return {
    ok: false,
    code: result.kind === 'posted' ? 'labelPosted' : result.kind === 'unavailable' ? 'unavailable' : 'notFound',
  }
}

export type StaffMember = { id: string; role: 'staff' | 'manager' }

/**
 * A staff member's action on `order` (as the caller just read it, with the grades it read), as they
 * saw it in `expectedStatus`: the content and the order are read once per action, by the caller.
 */
export async function staffAction(
  staff: StaffMember,
  order: OrderRecord,
  expectedStatus: string,
  action: StaffAction,
  context: { origin: string; grades: ConditionGrade[] },
): Promise<ActionResult> {
  // Judged against what the member of staff saw: if the order has moved on since, they are told.
  return act(
    { ...order, status: expectedStatus },
    { ...action, actor: staff.role, actorUserId: staff.id },
    context.origin,
    context.grades,
  )
}

/**
 * Staff post back the devices the seller declined in an order they otherwise accepted, under one
 * tracking number: the seller gets the "returned" e-mail with it. Posted already (a second click,
 * another tab), or the order is elsewhere now, and nothing changes.
 */
export async function returnDeclined(
  staff: StaffMember,
  order: OrderRecord,
  tracking: string,
  origin: string,
): Promise<ActionResult> {
  const context = await timerContext(origin)
  const result = await returnDeclinedDevices(await getDb(), {
    orderId: order.id,
    actor: staff.role,
    actorUserId: staff.id,
    tracking,
    // The order's own tracking is for a whole order sent back; these devices went under this one.
    emails: (current) => orderMail('returned', { ...current, returnTracking: tracking }, context.mail),
  })
  if (result.ok) {
    kickOutbox()
    return { ok: true }
  }
  if (result.reason === 'wrong-status') return { ok: false, code: 'moved', status: result.status }
  return { ok: false, code: result.reason === 'not-found' ? 'notFound' : 'nothingToReturn' }
}

type Act = { move: MoveName; actor: Actor; actorUserId: string | null; reason?: string } & Partial<{
  tracking: string
  items: ItemCheck[] | ItemRevision[]
}>

async function act(
  order: OrderRecord,
  action: Act,
  origin: string,
  knownGrades?: ConditionGrade[],
): Promise<ActionResult> {
  const db = await getDb()
  const context = await timerContext(origin)
  const request: MoveRequest = {
    orderId: order.id,
    move: action.move,
    actor: action.actor,
    actorUserId: action.actorUserId,
    expectedStatus: order.status,
    reason: action.reason?.trim() || null,
  }
  const known = (id: string) => order.items.some((item) => item.id === id)
  const priced = freeRecyclingBlock(action.move, order.totalPence)
  if (priced) return { ok: false, code: priced }
  let move = (asked: MoveRequest): Promise<MoveResult> => moveOrder(db, asked)

  switch (action.move) {
    case 'receive': {
      // A parcel after its price hold: valued at today's prices in the receive's transaction.
      const models = await getPriceList()
      move = (asked) => receiveParcel(db, asked, order, models)
      break
    }
    case 'check': {
      const grades = new Map((knownGrades ?? (await getConditionGrades())).map((grade) => [grade.key, grade.name]))
      const checks = (action.items ?? []) as ItemCheck[]
      if (checks.length !== order.items.length || !checks.every((c) => known(c.id) && grades.has(c.outcome.gradeKey))) {
        return { ok: false, code: 'invalid' }
      }
      // A device found locked to its owner's account holds the order (the seller is e-mailed how
      // to remove the lock); the check is made once the hold is released.
      const locked = lockedByCheck(order.items, checks)
      if (locked) return holdFromCheck(order, action, locked, origin)
      // The register is asked only for a check that can still be made; down or slow, a device's
      // check waits (the job asks again) and the grading is recorded all the same.
      const answers = allowedMove(order.status, 'check', action.actor).ok
        ? await askRegister(
            registerClient(),
            checks.map((c) => c.imei),
          )
        : []
      const { lateParcels, rises, checklist } = await getOrderCopy()
      const { found, ...written } = checkRequest(order.items, checks, grades, checklist, answers)
      Object.assign(request, written)
      // Not while an activation lock holds it: staff release the hold first (web/orders/locks/).
      request.guard = noOpenLockHold
      move = (asked) =>
        checkParcel(
          db,
          asked,
          {
            reason: lateParcels.revisedReason,
            approvalAbovePence: rises.approvalAbovePence,
            deadline: addDays(new Date(), context.timings.revisedOfferDays),
            emails: (current) => orderMail('revisedOffer', current, context.mail),
          },
          found,
        )
      break
    }
    case 'pay':
    case 'recycle': {
      // Read just now (settledOrder): every device needs a register pass dated before this payment,
      // or before it is taken for recycling (a stolen device is the police's, not ours to recycle).
      const block = payBlock(order.items, new Date())
      if (block) return { ok: false, code: block }
      break
    }
    case 'revise': {
      const revisions = (action.items ?? []) as ItemRevision[]
      if (!revisions.length || !revisions.every((r) => known(r.id))) return { ok: false, code: 'invalid' }
      // One offer at a time: a rise waiting for a manager is decided first.
      if (order.items.some((item) => item.proposedPricePence !== null)) return { ok: false, code: 'riseWaiting' }
      const { rises } = await getOrderCopy()
      const quoted = (id: string) => order.items.find((item) => item.id === id)!
      // The published price chosen without a reason: the seller is told it is ours, for the grade found.
      const reasonOf = (r: ItemRevision) =>
        r.reason ||
        (r.published ? fillTemplate(rises.publishedReason, { grade: quoted(r.id).foundGradeName ?? '' }) : '')
      // The history keeps every price and the reason typed for it.
      request.reason = revisions
        .map((r) => `${quoted(r.id).device}: ${formatPence(r.newPricePence)}${r.reason ? ` (${r.reason})` : ''}`)
        .join('; ')
      const rise = (r: ItemRevision) => r.newPricePence - quoted(r.id).pricePence
      if (revisions.some((r) => rise(r) > rises.approvalAbovePence)) {
        const asked = await proposeRise(db, {
          orderId: order.id,
          staff: { id: action.actorUserId ?? '', role: action.actor === 'manager' ? 'manager' : 'staff' },
          expectedStatus: order.status,
          items: revisions.map((r) => ({ id: r.id, pricePence: r.newPricePence, reason: reasonOf(r) })),
          reason: request.reason,
        })
        if (asked.ok) return { ok: true, done: 'proposeRise' }
        if (asked.reason === 'moved') return { ok: false, code: 'moved', status: asked.status }
        return { ok: false, code: asked.reason === 'already-waiting' ? 'riseWaiting' : 'notFound' }
      }
      const now = new Date()
      request.items = revisions.map((r) => ({
        id: r.id,
        set: {
          revisedPricePence: r.newPricePence,
          revisedReason: reasonOf(r),
          offerAnswer: null,
          offerAnsweredAt: null,
          // Within the threshold editors set: allowed by the revision itself.
          riseApprovedAt: rise(r) > 0 ? now : null,
        },
      }))
      request.set = { offerDeadline: addDays(now, context.timings.revisedOfferDays) }
      break
    }
    case 'loseInCare': {
      const paidFor = lostInCare(order.items)
      request.items = paidFor.items
      request.set = { totalPence: paidFor.totalPence }
      request.guard = paidFor.guard
      break
    }
    case 'return':
      request.set = { returnTracking: action.tracking }
      break
    case 'release':
    case 'returnHeld':
      request.guard = holdGuard(action.move, new Date())
      break
  }
  // The price read above, said again in the update: £0 to recycle, more than that to pay or revise.
  if (pricedMove(action.move))
    request.guard = and(
      request.guard,
      freeOnlyMove(action.move) ? eq(sellerOrder.totalPence, 0) : gt(sellerOrder.totalPence, 0),
    )
  const email = allowedMove(order.status, action.move, action.actor)
  request.emails = (current) => {
    // "Checked" waits until the register has answered for every device, and is not sent for a fail.
    if (action.move === 'check') return checkMails(current, context.mail)
    return email.ok && email.email ? orderMail(email.email, current, context.mail) : []
  }
  const result = await move(request)
  if (result.ok) {
    // A register fail quarantines the order there and then, with the seller's e-mail.
    if (action.move === 'check') await flagIfFailed(db, order.id, context.mail)
    kickOutbox()
    return { ok: true }
  }
  if (result.reason === 'moved') return { ok: false, code: 'moved', status: result.status }
  if (result.reason === 'payout-held') return { ok: false, code: 'payoutHeld', until: result.until }
  if (result.reason === 'rise-unapproved') return { ok: false, code: 'riseUnapproved' }
  if (result.reason === 'identity-unseen') return { ok: false, code: 'identityUnseen' }
  if (result.reason === 'guard-refused') {
    if (action.move === 'check') return { ok: false, code: 'lockHeld' }
    // The seller answered a revised price meanwhile: looked at again, with the answer on the page.
    if (action.move === 'loseInCare') return { ok: false, code: 'moved', status: order.status }
    if (pricedMove(action.move)) return { ok: false, code: 'moved', status: order.status }
    return { ok: false, code: action.move === 'release' ? 'notReleasable' : 'notReturnable' }
  }
  return { ok: false, code: result.reason === 'not-found' ? 'notFound' : 'notAllowed' }
}

/**
 * The check found an activation lock: the order is held for it, as the lock panel holds it, with
 * the checklist's answers for the reason. Held already (a repeat post) changes nothing.
 */
async function holdFromCheck(
  order: OrderRecord,
  action: Act,
  locked: { itemIds: string[]; reason: string },
  origin: string,
): Promise<ActionResult> {
  const held = await holdForLock(
    await getDb(),
    { orderId: order.id, ...locked, actor: action.actor, actorUserId: action.actorUserId },
    await lockContext(origin),
  )
  if (held.ok) {
    if (!held.already) kickOutbox()
    return { ok: true, done: LOCK_ACTIONS.hold }
  }
  if (held.reason === 'moved') return { ok: false, code: 'moved', status: held.status }
  return { ok: false, code: held.reason === 'not-found' ? 'notFound' : 'invalid' }
}
