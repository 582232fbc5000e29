'use server'

/**
 * Goods-in's forms as server actions, posted with scripts or without: one code scanned (a scanner
 * types it and Enter), many codes pasted, and an unmatched parcel joined to its order or marked
 * returned. Anyone who is not active staff, and any post from another site, meets the 404 the
 * pages give them, and nothing changes. Done, staff are sent back (303) to the session's page.
 */
import 'server-only'
import { createHash, randomUUID } from 'node:crypto'
import { activeStaffFrom, type StaffMember } from '@/accounts/session'
import { getOrderCopy, getPriceList } from '@/content/loaders'
import { getDb } from '@/db/connection'
import { formAction, type Outcome } from '@/forms/form-action'
import { formatDateTime } from '@/lib/dates'
import { fillTemplate } from '@/lib/templates'
import { isUuid } from '@/lib/uuid'
import { linkOrigin } from '@/mail/link-origin'
import { kickOutbox } from '@/mail/outbox-kick'
import { orderMail } from '@/orders/record/mail'
import { timerContext } from '@/orders/moves/timings'
import { BULK_MAX, bulkCodes, cleanCode, NOTE_MAX, type GoodsInStaff } from './goods-in-rules'
import { ownsSession, scanCode, startSession, type Receiving } from './goods-in-store'
import { joinParcel, returnParcel } from './parcel-store'

type ScanProblem = 'codeMissing' | 'bulkMissing' | 'bulkTooMany'
type ParcelProblem = 'orderNotFound' | 'notReceivable' | 'closed' | 'returnNoteMissing' | 'noteTooLong' | 'invalid'

const staffOf = (who: StaffMember): GoodsInStaff => ({ id: who.user.id, role: who.user.role })

/** The poster's own session, or a new one: nobody scans into someone else's. */
async function sessionFor(staff: GoodsInStaff, posted: string | undefined) {
  const db = await getDb()
  return posted && (await ownsSession(db, posted, staff.id)) ? posted : startSession(db, staff.id)
}

/** The receive e-mail, as every receive sends it, and the reason the history keeps. */
async function receiveContext(): Promise<{ receiving: Receiving; copy: Awaited<ReturnType<typeof getOrderCopy>> }> {
  const [context, copy, models] = await Promise.all([timerContext(linkOrigin()), getOrderCopy(), getPriceList()])
  return { receiving: { emails: (order) => orderMail('deviceReceived', order, context.mail), models }, copy }
}

/** The form's own key, or a fresh one when it sent none we can use. */
const keyOf = (body: Record<string, string>) => (isUuid(body.scanKey ?? '') ? body.scanKey! : randomUUID())

/** The nth scan of a paste: the same paste posted twice gives the same keys, so the same scans. */
function nthKey(formKey: string, index: number): string {
  const hex = createHash('sha256').update(`${formKey}:${index}`).digest('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}

const scanWords = async () => {
  const copy = await getOrderCopy()
  return (code: string) => {
    if (code === 'bulkMissing') return copy.goodsIn.bulkMissing
    if (code === 'bulkTooMany') return fillTemplate(copy.goodsIn.bulkTooMany, { max: BULK_MAX })
    if (code === 'codeMissing') return copy.goodsIn.codeMissing
    return code === 'unavailable' ? copy.problems.unavailable : copy.admin.invalid
  }
}

/** One code, as a scanner types it and Enter. */
export const scanForm = formAction<{ code: string }, ScanProblem, never, StaffMember>({
  page: '/admin/goods-in',
  only: activeStaffFrom,
  validate: (body) => {
    const code = cleanCode(body.code ?? '')
    return code ? { ok: true, value: { code } } : { ok: false, errors: [{ field: 'code', code: 'codeMissing' }] }
  },
  run: async ({ code }, { body, who }) => {
    const staff = staffOf(who)
    const [sessionId, { receiving, copy }] = await Promise.all([sessionFor(staff, body.session), receiveContext()])
    const scan = await scanCode(await getDb(), {
      sessionId,
      scanKey: keyOf(body),
      code,
      staff,
      reason: copy.goodsIn.scanReason,
      receiving,
    })
    if (scan.result === 'received') kickOutbox()
    return { ok: true, redirect: `/admin/goods-in?session=${sessionId}&scan=${scan.id}` }
  },
  words: scanWords,
  name: 'Goods-in scan',
})

/** Many codes pasted at once, one a line: each handled as a scan, in order. */
export const bulkForm = formAction<{ codes: string[] }, ScanProblem, never, StaffMember>({
  page: '/admin/goods-in',
  only: activeStaffFrom,
  validate: (body) => {
    const codes = bulkCodes(body.codes ?? '')
    if (!codes.length) return { ok: false, errors: [{ field: 'codes', code: 'bulkMissing' }] }
    if (codes.length > BULK_MAX) return { ok: false, errors: [{ field: 'codes', code: 'bulkTooMany' }] }
    return { ok: true, value: { codes } }
  },
  run: async ({ codes }, { body, who }) => {
    const staff = staffOf(who)
    const [sessionId, { receiving, copy }] = await Promise.all([sessionFor(staff, body.session), receiveContext()])
    const db = await getDb()
    const formKey = keyOf(body)
    let received = 0
    for (const [index, code] of codes.entries()) {
      const scan = await scanCode(db, {
        sessionId,
        scanKey: nthKey(formKey, index),
        code,
        staff,
        reason: copy.goodsIn.scanReason,
        receiving,
      })
      if (scan.result === 'received') received++
    }
    if (received) kickOutbox()
    return { ok: true, redirect: `/admin/goods-in?session=${sessionId}&bulk=${codes.length}` }
  },
  words: scanWords,
  name: 'Goods-in bulk scan',
})

/** An unmatched parcel joined to the order whose reference staff typed, or marked returned with how. */
export const parcelForm = formAction<Record<string, string>, ParcelProblem, never, StaffMember>({
  page: '/admin/goods-in/unmatched',
  only: activeStaffFrom,
  validate: (body) => {
    if (body.action === 'return' && !(body.note ?? '').trim())
      return { ok: false, errors: [{ field: 'note', code: 'returnNoteMissing' }] }
    if ((body.note ?? '').length > NOTE_MAX) return { ok: false, errors: [{ field: 'note', code: 'noteTooLong' }] }
    if (body.action === 'join' && !(body.reference ?? '').trim())
      return { ok: false, errors: [{ field: 'reference', code: 'orderNotFound' }] }
    return { ok: true, value: body }
  },
  run: (body, { who }) => answerParcel(staffOf(who), body),
  words: async () => {
    const copy = await getOrderCopy()
    const text = copy.goodsIn
    return (code, fill) => {
      switch (code) {
        case 'orderNotFound':
          return text.orderNotFound
        case 'notReceivable': {
          const status = String(fill?.status ?? '')
          return fillTemplate(text.notReceivable, {
            status: copy.statuses.find((known) => known.key === status)?.name ?? status,
          })
        }
        case 'closed':
          return fillTemplate(text.closed, { who: String(fill?.who || text.someone), at: String(fill?.at ?? '') })
        case 'returnNoteMissing':
          return text.returnNoteMissing
        case 'noteTooLong':
          return fillTemplate(text.noteTooLong, { max: NOTE_MAX })
        case 'unavailable':
          return copy.problems.unavailable
        default:
          return copy.admin.invalid
      }
    }
  },
  name: 'Unmatched parcel',
})

async function answerParcel(staff: GoodsInStaff, body: Record<string, string>): Promise<Outcome<ParcelProblem>> {
  const db = await getDb()
  const parcelId = body.parcel ?? ''
  const code = cleanCode(body.code ?? '')
  const result =
    body.action === 'join'
      ? await receiveContext().then(({ receiving, copy }) =>
          joinParcel(db, {
            parcelId,
            reference: body.reference ?? '',
            staff,
            reason: fillTemplate(copy.goodsIn.joinReason, { code }),
            receiving,
          }),
        )
      : body.action === 'return'
        ? await returnParcel(db, { parcelId, staff, note: (body.note ?? '').trim() })
        : ({ ok: false, reason: 'notFound' } as const)
  if (result.ok) {
    if ('reference' in result) kickOutbox()
    const done = 'reference' in result ? `joined=${result.reference}` : 'returned=1'
    return { ok: true, redirect: `/admin/goods-in/unmatched?${done}&code=${encodeURIComponent(code)}` }
  }
  switch (result.reason) {
    case 'orderNotFound':
      return { ok: false, errors: [{ field: 'reference', code: 'orderNotFound' }] }
    case 'notReceivable':
      return { ok: false, errors: [{ field: 'reference', code: 'notReceivable' }], fill: { status: result.status } }
    case 'closed':
      return {
        ok: false,
        errors: 'closed',
        fill: { who: result.by ?? '', at: result.at ? formatDateTime(result.at) : '' },
      }
    default:
      return { ok: false, errors: 'invalid' }
  }
}
