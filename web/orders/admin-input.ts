import { normalisePostcode } from '@/orders/checkout-validation'
import { isOrderStatus, movesFor, type MoveName, type OrderStatus } from '@/orders/lifecycle'
import { normaliseReference } from '@/orders/references'
import type { ItemCheck, ItemRevision, StaffAction } from './actions'

/**
 * What staff send from the order pages, read and checked: the action forms' fields, the list's
 * filter, and the problems sent back in the address. Pure: the endpoint and the pages share it.
 */

/** The moves staff make from the order page; the seller's answers and the clock's are not theirs. */
export const ADMIN_MOVES = ['receive', 'check', 'revise', 'pay', 'return', 'quarantine', 'cancel'] as const
export type AdminMove = (typeof ADMIN_MOVES)[number]

export const isAdminMove = (value: string | undefined): value is AdminMove =>
  (ADMIN_MOVES as readonly string[]).includes(value ?? '')

/** What a member of staff may do to an order in `status` now, in the lifecycle table's order. */
export function adminMovesFor(status: string, role: 'staff' | 'manager'): AdminMove[] {
  return movesFor(status, role).filter((move: MoveName): move is AdminMove => isAdminMove(move))
}

export const ADMIN_PROBLEMS = [
  'missing',
  'invalid',
  'tooLong',
  'tooHigh',
  'noneRevised',
  'unknownItem',
  'unknownAction',
] as const
export type AdminProblem = (typeof ADMIN_PROBLEMS)[number]
export type AdminFieldError = { field: string; code: AdminProblem }
export type AdminParse = { ok: true; action: StaffAction } | { ok: false; errors: AdminFieldError[] }

export const TEXT_MAX = 500
/** The password asked again inside the forms that reveal bank details or pay. */
export const RECHECK_FIELD = 'recheckPassword'
export type ItemFieldKind = 'grade' | 'imei' | 'notes' | 'price' | 'reason'
const ITEM_FIELD = /^(grade|imei|notes|price|reason)-(.+)$/

/** A per-device field's name in the forms: "imei-<item id>". */
export const itemField = (kind: ItemFieldKind, itemId: string) => `${kind}-${itemId}`

type Body = Record<string, string> | URLSearchParams
type Item = { id: string; pricePence: number }

const read = (body: Body, name: string) => (body instanceof URLSearchParams ? body.get(name) : body[name]) ?? ''
const keys = (body: Body) => (body instanceof URLSearchParams ? [...body.keys()] : Object.keys(body))
const oneLine = (value: string) => value.trim().replace(/\s+/g, ' ')

/**
 * An action form's fields as the StaffAction it asks for, or every problem with it. `items` are
 * the order's devices (a field naming any other is refused) and `gradeKeys` the condition grades.
 */
export function parseAdminAction(body: Body, items: readonly Item[], gradeKeys: readonly string[]): AdminParse {
  const errors: AdminFieldError[] = []
  const fail = (field: string, code: AdminProblem) => errors.push({ field, code })
  const move = read(body, 'action')
  if (!isAdminMove(move)) return { ok: false, errors: [{ field: 'action', code: 'unknownAction' }] }

  const known = new Set(items.map((item) => item.id))
  if (keys(body).some((key) => ITEM_FIELD.test(key) && !known.has(ITEM_FIELD.exec(key)![2]!))) {
    fail('items', 'unknownItem')
  }

  const text = (name: string, required: boolean) => {
    const value = oneLine(read(body, name))
    if (!value && required) fail(name, 'missing')
    else if (value.length > TEXT_MAX) fail(name, 'tooLong')
    return value
  }

  let action: StaffAction
  switch (move) {
    case 'receive':
    case 'cancel':
    case 'pay': {
      const reason = text('reason', false)
      action = reason ? { move, reason } : { move }
      break
    }
    case 'quarantine':
      action = { move, reason: text('reason', true) }
      break
    case 'return': {
      const tracking = oneLine(read(body, 'tracking')).toUpperCase()
      if (!tracking) fail('tracking', 'missing')
      else if (!/^[A-Z0-9 ]{8,30}$/.test(tracking)) fail('tracking', 'invalid')
      action = { move, tracking }
      break
    }
    case 'check':
      action = { move, items: items.map((item) => parseCheck(body, item, gradeKeys, fail, text)) }
      break
    case 'revise': {
      const revisions = items.flatMap((item) => parseRevision(body, item, fail, text))
      const priced = items.some((item) => read(body, itemField('price', item.id)).trim())
      if (!priced && items[0]) fail(itemField('price', items[0].id), 'noneRevised')
      action = { move, items: revisions }
      break
    }
  }
  return errors.length ? { ok: false, errors } : { ok: true, action }
}

type Fail = (field: string, code: AdminProblem) => void
type Text = (name: string, required: boolean) => string

function parseCheck(body: Body, item: Item, gradeKeys: readonly string[], fail: Fail, text: Text): ItemCheck {
  const gradeName = itemField('grade', item.id)
  const foundGrade = read(body, gradeName).trim()
  if (!foundGrade) fail(gradeName, 'missing')
  else if (!gradeKeys.includes(foundGrade)) fail(gradeName, 'invalid')

  const imeiName = itemField('imei', item.id)
  const imei = read(body, imeiName).replace(/[\s-]/g, '')
  if (!imei) fail(imeiName, 'missing')
  else if (!isImei(imei)) fail(imeiName, 'invalid')

  return { id: item.id, foundGrade, imei, notes: text(itemField('notes', item.id), false) }
}

function parseRevision(body: Body, item: Item, fail: Fail, text: Text): ItemRevision[] {
  const priceName = itemField('price', item.id)
  const typed = read(body, priceName).trim()
  const reason = text(itemField('reason', item.id), Boolean(typed))
  if (!typed) {
    // A reason with no price is a price forgotten.
    if (reason) fail(priceName, 'missing')
    return []
  }
  const pence = poundsToPence(typed)
  if (pence === null) fail(priceName, 'invalid')
  else if (pence > item.pricePence) fail(priceName, 'tooHigh')
  return pence === null ? [] : [{ id: item.id, newPricePence: pence, reason }]
}

/** "95", "95.5", "95.50" or "£95.50" in pence; null for anything else (negative amounts too). */
export function poundsToPence(value: string): number | null {
  const match = /^£?\s*(\d{1,6})(?:\.(\d{1,2}))?$/.exec(value.trim().replace(/,/g, ''))
  if (!match) return null
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
}

/** Fifteen digits whose last is the Luhn check digit of the other fourteen, as every IMEI's is. */
export function isImei(value: string): boolean {
  if (!/^\d{15}$/.test(value)) return false
  let sum = 0
  for (let index = 0; index < 15; index++) {
    let digit = Number(value[14 - index])
    if (index % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return sum % 10 === 0
}

export type OrderSearch = { reference?: string; email?: string; postcode?: string }

/**
 * The list's search box: an e-mail address (it has an "@"), an order reference or a postcode,
 * however typed. Anything else matches nothing, so it is `{}` rather than null (no filter).
 */
export function parseOrderSearch(typed: string | undefined): OrderSearch | null {
  const value = oneLine(typed ?? '')
  if (!value) return null
  if (value.includes('@')) return { email: value.toLowerCase() }
  const reference = normaliseReference(value)
  if (reference) return { reference }
  const postcode = normalisePostcode(value)
  return postcode ? { postcode } : {}
}

export const parseStatusFilter = (typed: string | undefined): OrderStatus | null =>
  typed && isOrderStatus(typed) ? typed : null

/** Problems the endpoint sent back in the address (`errors=field:code,…`): known ones only, a few. */
export function adminErrorsFromQuery(value: string | undefined): AdminFieldError[] {
  const errors: AdminFieldError[] = []
  for (const pair of (value ?? '').split(',').slice(0, 60)) {
    const [field, code] = pair.split(':')
    if (field && code && /^[a-z]+(-[0-9a-f-]{1,40})?$/i.test(field) && isAdminProblem(code)) {
      errors.push({ field, code })
    }
  }
  return errors
}

export const adminErrorsToQuery = (errors: readonly AdminFieldError[]) =>
  errors.map(({ field, code }) => `${field}:${code}`).join(',')

const isAdminProblem = (code: string): code is AdminProblem => (ADMIN_PROBLEMS as readonly string[]).includes(code)
