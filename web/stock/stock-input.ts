/**
 * What a stock form sends, read and checked: a move of one device (with the facts it needs) or an
 * erasure typed from the tool's screen. Pure, so the server action and its tests share it.
 */
import type { FieldIssue } from '@/lib/field-problem'
import { poundsToPence } from '@/lib/money'
import { isUuid } from '@/lib/uuid'
import { ERASURE_LEVELS, type ErasureLevel } from './erasure-report'

export const MOVE_ACTIONS = ['locate', 'list', 'unlist', 'sell', 'refurbish', 'recycle'] as const
export type MoveAction = (typeof MOVE_ACTIONS)[number]
export const STATES = ['in-stock', 'listed', 'sold', 'refurbisher', 'recycled'] as const
export type SeenState = (typeof STATES)[number]

/** Each typed fact of a stock form, at most this long. */
export const FACT_MAX = 200

/** The erasure form's fields, in the order they are asked. */
export const ERASURE_FIELDS = [
  'tool',
  'toolVersion',
  'reportId',
  'operator',
  'erasedAt',
  'mediaType',
  'level',
  'technique',
  'verification',
  'result',
] as const
export type ErasureField = (typeof ERASURE_FIELDS)[number]

export type InputProblem =
  | 'locationMissing'
  | 'buyerMissing'
  | 'priceMissing'
  | 'refurbisherMissing'
  | 'facilityMissing'
  | 'wasteNoteMissing'
  | 'factMissing'
  | 'factTooLong'
  | 'invalid'

export type MoveInput = {
  kind: 'move'
  deviceId: string
  seen: SeenState
  action: MoveAction
  location: string | null
  counterparty: string | null
  pricePence: number | null
  wasteNote: string | null
  note: string | null
}
export type ErasureInput = {
  kind: 'erasure'
  deviceId: string
  facts: Record<Exclude<ErasureField, 'erasedAt' | 'level' | 'result'>, string> & {
    erasedAt: Date
    level: ErasureLevel
    result: 'passed' | 'failed'
  }
}

const typed = (body: Record<string, string>, name: string) => {
  const value = (body[name] ?? '').trim()
  return value && value.length <= FACT_MAX ? value : null
}

/** The typed facts a move can send: too long, each is refused by name rather than dropped. */
const MOVE_FACTS = ['location', 'buyer', 'refurbisher', 'facility', 'wasteNote', 'note'] as const
const tooLong = (body: Record<string, string>, fields: readonly string[]) =>
  fields
    .filter((field) => (body[field] ?? '').trim().length > FACT_MAX)
    .map((field) => ({ field, code: 'factTooLong' as const }))

/** What a move needs typed, and the problem when it is not. */
const NEEDS: Record<MoveAction, Array<[field: string, problem: InputProblem]>> = {
  locate: [['location', 'locationMissing']],
  list: [],
  unlist: [],
  sell: [
    ['buyer', 'buyerMissing'],
    ['price', 'priceMissing'],
  ],
  refurbish: [['refurbisher', 'refurbisherMissing']],
  recycle: [
    ['facility', 'facilityMissing'],
    ['wasteNote', 'wasteNoteMissing'],
  ],
}

/**
 * A datetime-local field's value ("2026-11-27T10:09") read as UK time: the tool's screen shows the
 * time where the bench is. Answers null for anything else.
 */
export function londonTime(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value.trim())
  if (!match) return null
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number]
  const asUtc = Date.UTC(y, mo - 1, d, h, mi)
  if (Number.isNaN(asUtc) || new Date(asUtc).getUTCDate() !== d) return null
  // London is UTC or UTC+1: the offset is the one that reads back as the time typed.
  for (const offset of [0, 60]) {
    const candidate = new Date(asUtc - offset * 60_000)
    const shown = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(candidate)
    if (shown === `${String(h).padStart(2, '0')}:${String(mi).padStart(2, '0')}`) return candidate
  }
  return null
}

/** One stock form's fields, read; or what is wrong with them, field by field. */
export function parseStockForm(
  body: Record<string, string>,
): { ok: true; value: MoveInput | ErasureInput } | { ok: false; errors: FieldIssue<InputProblem>[] } {
  const deviceId = body.device ?? ''
  if (!isUuid(deviceId)) return { ok: false, errors: [{ field: 'device', code: 'invalid' }] }
  if (body.action === 'erasure') return parseErasure(deviceId, body)
  const action = MOVE_ACTIONS.find((known) => known === body.action)
  const seen = STATES.find((known) => known === body.seen)
  if (!action || !seen) return { ok: false, errors: [{ field: 'action', code: 'invalid' }] }
  const pricePence = body.price === undefined ? null : poundsToPence(body.price)
  const long = tooLong(body, MOVE_FACTS)
  const errors = [
    ...long,
    ...NEEDS[action]
      .filter(([field]) => !long.some((problem) => problem.field === field))
      .filter(([field]) => (field === 'price' ? pricePence === null : !typed(body, field)))
      .map(([field, code]) => ({ field, code })),
  ]
  if (errors.length) return { ok: false, errors }
  return {
    ok: true,
    value: {
      kind: 'move',
      deviceId,
      seen,
      action,
      location: typed(body, 'location'),
      counterparty: typed(body, action === 'sell' ? 'buyer' : action === 'refurbish' ? 'refurbisher' : 'facility'),
      pricePence: action === 'sell' ? pricePence : null,
      wasteNote: typed(body, 'wasteNote'),
      note: typed(body, 'note'),
    },
  }
}

function parseErasure(
  deviceId: string,
  body: Record<string, string>,
): { ok: true; value: ErasureInput } | { ok: false; errors: FieldIssue<InputProblem>[] } {
  const erasedAt = londonTime(body.erasedAt ?? '')
  const level = ERASURE_LEVELS.find((known) => known === body.level)
  const result = body.result === 'passed' || body.result === 'failed' ? body.result : null
  const long = tooLong(body, ERASURE_FIELDS)
  const errors = ERASURE_FIELDS.filter((field) => {
    if (long.some((problem) => problem.field === field)) return false
    if (field === 'erasedAt') return !erasedAt || erasedAt.getTime() > Date.now() + 5 * 60_000
    if (field === 'level') return !level
    if (field === 'result') return !result
    return !typed(body, field)
  }).map((field): FieldIssue<InputProblem> => ({ field, code: 'factMissing' }))
  errors.unshift(...long)
  if (errors.length || !erasedAt || !level || !result) return { ok: false, errors }
  return {
    ok: true,
    value: {
      kind: 'erasure',
      deviceId,
      facts: {
        tool: typed(body, 'tool')!,
        toolVersion: typed(body, 'toolVersion')!,
        reportId: typed(body, 'reportId')!,
        operator: typed(body, 'operator')!,
        mediaType: typed(body, 'mediaType')!,
        technique: typed(body, 'technique')!,
        verification: typed(body, 'verification')!,
        erasedAt,
        level,
        result,
      },
    },
  }
}
