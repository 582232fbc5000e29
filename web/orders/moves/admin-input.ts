import * as v from 'valibot'
import { oneLine, text, validatorFor, type Validation } from '@/forms/schema'
import {
  MOVE_NAMES,
  MOVES,
  movesFor,
  waitsForPayoutHold,
  type MoveName,
  type StaffFields,
} from '@/orders/record/lifecycle'
import { isDeviceId, normaliseDeviceId } from '@/register/device-id'
import { poundsToPence } from '@/lib/money'
import { freeRecyclingBlock } from './free-recycling'
import { answerField, decideCheck, foundPence, type ChecklistQuestion, type CheckOutcome } from './checklist'

export { isImei } from '@/register/device-id'

/**
 * The rules of the staff forms on an order's page: which moves staff may make, and the action
 * forms' fields, read and checked. Pure, so the browser runs the same rules before sending.
 */

/** The moves staff make from the order page: those the lifecycle table gives fields to type. */
export type AdminMove = { [N in MoveName]: (typeof MOVES)[N] extends { fields: StaffFields } ? N : never }[MoveName]
export const ADMIN_MOVES = MOVE_NAMES.filter((name): name is AdminMove => 'fields' in MOVES[name])

export const isAdminMove = (value: string | undefined): value is AdminMove =>
  (ADMIN_MOVES as readonly string[]).includes(value ?? '')

/** What staff type for `move`, as the lifecycle table says. */
export const fieldsOf = (move: AdminMove): StaffFields => MOVES[move].fields

/**
 * What a member of staff may do to an order in `status` now, in the lifecycle table's order. While
 * proof of identity waits, paying is refused (moves/identity-condition.ts), so it is not offered;
 * nor is paying a free recycling order, or recycling one with a price (free-recycling.ts).
 */
export function adminMovesFor(
  status: string,
  role: 'staff' | 'manager',
  holds: { identityWaiting?: boolean; totalPence?: number } = {},
): AdminMove[] {
  return movesFor(status, role).filter(
    (move: MoveName): move is AdminMove =>
      isAdminMove(move) &&
      !(holds.identityWaiting && waitsForPayoutHold(move)) &&
      (holds.totalPence === undefined || !freeRecyclingBlock(move, holds.totalPence)),
  )
}

export const ADMIN_PROBLEMS = [
  'missing',
  'invalid',
  'tooLong',
  'overMaximum',
  'noneRevised',
  'unknownItem',
  'unknownAction',
  'priceReasonMissing',
  'checkStopped',
] as const
export type AdminProblem = (typeof ADMIN_PROBLEMS)[number]

export const TEXT_MAX = 500
/**
 * The most a revised price may be, for one device: above any phone's or tablet's price, so a new
 * price may be higher than the first (a device better than described is paid as it is), while a
 * slip of the keyboard (9500 for 95.00) is caught before the seller sees it.
 */
export const REVISED_PRICE_MAX_PENCE = 5_000_00
/** The password asked again inside the forms that reveal bank details or pay. */
export const RECHECK_FIELD = 'recheckPassword'
export type ItemFieldKind = 'grade' | 'imei' | 'notes' | 'price' | 'reason' | 'published'
const ITEM_FIELD = /^(grade|imei|notes|price|reason|published)-(.+)$/

/** A per-device field's name in the forms: "imei-<item id>". */
export const itemField = (kind: ItemFieldKind, itemId: string) => `${kind}-${itemId}`

type Body = Record<string, string> | URLSearchParams
/**
 * A device as the forms know it: its quote and, for a revised offer, the price the site publishes
 * today for its model, storage and the grade found (computed on the server from content; null when
 * the catalogue no longer prices it). A posted amount is never trusted for it.
 */
type Item = {
  id: string
  pricePence: number
  publishedPence?: number | null
  /** For the check: the grade chosen, the checklist for its kind, and its published price in each grade. */
  gradeKey?: string
  checklist?: readonly ChecklistQuestion[]
  pricedByGrade?: Readonly<Record<string, number | null>>
}
/**
 * A move's fields by name, tidied. The fields named after the order's devices are built when the
 * schema is, so valibot's types cannot list them: the moves' outputs are read as this.
 */
type Fields = Record<string, string>

const problem = (code: AdminProblem) => code

// The kinds of field, the same on every order's forms.
const note = v.pipe(oneLine, v.maxLength(TEXT_MAX, problem('tooLong')))
const neededNote = v.pipe(oneLine, v.nonEmpty(problem('missing')), v.maxLength(TEXT_MAX, problem('tooLong')))
const trimmed = v.pipe(text, v.trim())
const tracking = v.pipe(
  oneLine,
  v.toUpperCase(),
  v.nonEmpty(problem('missing')),
  v.regex(/^[A-Z0-9 ]{8,30}$/, problem('invalid')),
)
// The IMEI, or the serial number of a device without one (a Wi-Fi tablet): what the register is asked.
const imei = v.pipe(
  text,
  // Typed in groups, as the box and the settings screen print it.
  v.transform(normaliseDeviceId),
  v.nonEmpty(problem('missing')),
  v.check(isDeviceId, problem('invalid')),
)

/** The `action` field of a kind's form: the moves that ask for those fields. */
type ActionField = v.PicklistSchema<AdminMove[], undefined>

/**
 * Each kind of fields a move asks for (`fields` in the lifecycle table), checked, and read as what
 * the move is given. `items` are the order's devices and `gradeKeys` the condition grades, best first
 * (the checklist's grade found is one of them).
 */
function kindsOfFields(items: readonly Item[], gradeKeys: readonly string[]) {
  // A device's fields, named after it, for every device in the order.
  const eachItem = (fields: (id: string) => [string, v.GenericSchema<unknown, string>][]) =>
    Object.fromEntries(items.flatMap(({ id }) => fields(id)))

  return {
    note: (action: ActionField) =>
      v.pipe(
        v.object({ action, reason: note }),
        v.transform(({ action: move, reason }) => ({ move, ...(reason ? { reason } : {}) })),
      ),
    neededNote: (action: ActionField) =>
      v.pipe(
        v.object({ action, reason: neededNote }),
        v.transform(({ action: move, reason }) => ({ move, reason })),
      ),
    // The police's reference for a device kept for them: the history's reason, needed as a note is.
    policeReference: (action: ActionField) =>
      v.pipe(
        v.object({ action, reason: neededNote }),
        v.transform(({ action: move, reason }) => ({ move, reason })),
      ),
    tracking: (action: ActionField) =>
      v.pipe(
        v.object({ action, tracking }),
        v.transform(({ action: move, tracking }) => ({ move, tracking })),
      ),
    deviceChecks: (action: ActionField) =>
      v.pipe(
        v.object({
          action,
          ...eachItem((id) => [
            [itemField('imei', id), imei],
            [itemField('notes', id), note],
            [itemField('price', id), v.optional(trimmed, '')],
            [itemField('reason', id), v.optional(note, '')],
          ]),
          // Each device's answers, one field per question of its checklist: read by the check below.
          ...Object.fromEntries(
            items.flatMap((item) =>
              (item.checklist ?? []).map((q) => [answerField(item.id, q.key), v.optional(trimmed, '')] as const),
            ),
          ),
        }),
        // The checklist's answers and the price across fields, every problem reported (see devicePrices).
        v.rawCheck(({ dataset, addIssue }) => {
          if (!dataset.typed) return
          const fields = dataset.value as Fields
          checkProblems(items, fields, gradeKeys, (field, code) =>
            addIssue({
              message: code,
              path: [{ type: 'object', origin: 'value', input: fields, key: field, value: fields[field] }],
            }),
          )
        }),
        v.transform((fields: Fields & { action: AdminMove }) => {
          const read = (kind: ItemFieldKind, id: string) => fields[itemField(kind, id)] ?? ''
          return {
            move: fields.action,
            items: items.map((item) => {
              const { outcome, pricePence } = checkedItem(item, fields, gradeKeys)!
              return {
                id: item.id,
                imei: read('imei', item.id),
                notes: read('notes', item.id),
                outcome,
                pricePence,
                reason: read('reason', item.id),
              }
            }),
          }
        }),
      ),
    devicePrices: (action: ActionField) =>
      v.pipe(
        v.object({
          action,
          ...eachItem((id) => [
            [itemField('price', id), trimmed],
            [itemField('reason', id), oneLine],
            // A tick box: absent when not ticked.
            [itemField('published', id), v.optional(trimmed, '')],
          ]),
        }),
        // One check for every rule across fields, after fields that only tidy: the house's validator
        // stops a pipe at its first problem, and all of these are reported.
        v.rawCheck(({ dataset, addIssue }) => {
          if (!dataset.typed) return
          const fields: Fields = dataset.value
          revisionProblems(items, fields, (field, code) =>
            addIssue({
              message: code,
              path: [{ type: 'object', origin: 'value', input: fields, key: field, value: fields[field] }],
            }),
          )
        }),
        v.transform((fields: Fields & { action: AdminMove }) => ({
          move: fields.action,
          items: items.flatMap(({ id, publishedPence }) => {
            const published = Boolean(fields[itemField('published', id)]) && typeof publishedPence === 'number'
            const pence = published ? publishedPence! : poundsToPence(fields[itemField('price', id)] ?? '')
            const reason = fields[itemField('reason', id)] ?? ''
            if (pence === null) return []
            // The published price, ticked or typed: the seller is told so unless a reason was typed.
            return [
              { id, newPricePence: pence, reason, ...(pence === publishedPence ? { published: true as const } : {}) },
            ]
          }),
        })),
      ),
  } satisfies Record<StaffFields, (action: ActionField) => v.GenericSchema<unknown, { move: AdminMove }>>
}

/** What a kind of fields gives its move, besides the move's name. */
type Given<K extends StaffFields> = Omit<v.InferOutput<ReturnType<ReturnType<typeof kindsOfFields>[K]>>, 'move'>

/** What staff asked for: a move, and what its fields in the lifecycle table give it. */
export type StaffAction = { [M in AdminMove]: { move: M } & Given<(typeof MOVES)[M]['fields']> }[AdminMove]
export type ItemCheck = Given<'deviceChecks'>['items'][number]
export type ItemRevision = Given<'devicePrices'>['items'][number]

/**
 * The action forms' rules for one order, whose output is the StaffAction asked for. `items` are the
 * order's devices (a field naming any other is refused) and `gradeKeys` the condition grades.
 * Built per order, as the devices' fields are named after them; the browser runs it too.
 * Problems come in the form's order: a stray device's first, then each device's in `items` order.
 */
export function adminActionSchema(items: readonly Item[], gradeKeys: readonly string[]) {
  const known = new Set(items.map(({ id }) => id))
  const namesKnownItem = (name: string) => {
    const match = ITEM_FIELD.exec(name)
    return !match || known.has(match[2]!)
  }
  const kinds = kindsOfFields(items, gradeKeys)
  // One form per kind of fields, for the moves that ask for them.
  const forms = [...new Set(ADMIN_MOVES.map(fieldsOf))].map((kind) =>
    kinds[kind](v.picklist(ADMIN_MOVES.filter((move) => fieldsOf(move) === kind))),
  )

  return v.pipe(
    // An action staff cannot take is the only problem: the other fields mean nothing without one.
    v.looseObject({ action: v.pipe(text, v.picklist(ADMIN_MOVES, problem('unknownAction'))) }),
    // Both run on the whole form and every problem of both is reported, a stray device's first.
    v.intersect([
      v.pipe(
        // The action again, known by now, so that the types follow on from the line above.
        v.looseObject({ action: v.picklist(ADMIN_MOVES) }),
        v.forward(
          v.check((fields) => Object.keys(fields).every(namesKnownItem), problem('unknownItem')),
          ['items'],
        ),
        // It only checks: the two outputs are merged, and the action is the move's to give.
        v.transform(() => ({})),
      ),
      v.variant('action', forms),
    ]),
    // Each form lets through only the moves whose fields it reads, so its output is that move's action.
    v.transform((action) => action as StaffAction),
  )
}

/**
 * A revision's rules read more than one field. A device is given either the published price for
 * the grade found (ticked; no reason needed, none typed beside it) or a typed price, which needs a
 * reason unless it is that published price; a reason with no price is a price forgotten, and at
 * least one device needs a price. A price may be lower or higher than the one offered, up to
 * REVISED_PRICE_MAX_PENCE (a rise waits for a manager: rise-store.ts). Each device's reason comes
 * before its price; the form's first price box is where "none revised" is shown.
 */
function revisionProblems(items: readonly Item[], fields: Fields, report: (field: string, code: AdminProblem) => void) {
  const picked = (item: Item) => Boolean(fields[itemField('published', item.id)])
  for (const item of items) {
    const { id, publishedPence } = item
    const [priceName, reasonName] = [itemField('price', id), itemField('reason', id)]
    const price = fields[priceName] ?? ''
    const reason = fields[reasonName] ?? ''
    const pence = poundsToPence(price)
    if (picked(item)) {
      if (typeof publishedPence !== 'number') report(itemField('published', id), 'invalid')
      if (reason.length > TEXT_MAX) report(reasonName, 'tooLong')
      if (price && pence !== publishedPence) report(priceName, 'invalid')
      continue
    }
    if (price && !reason && pence !== publishedPence) report(reasonName, 'missing')
    else if (reason.length > TEXT_MAX) report(reasonName, 'tooLong')
    if (!price && reason) report(priceName, 'missing')
    else if (price && pence === null) report(priceName, 'invalid')
    else if (pence !== null && pence > REVISED_PRICE_MAX_PENCE) report(priceName, 'overMaximum')
  }
  const [first] = items
  if (first && !items.some((item) => fields[itemField('price', item.id)] || picked(item)))
    report(itemField('price', first.id), 'noneRevised')
}

/** A device's checklist answers as posted, by question. */
const givenAnswers = (item: Item, fields: Fields) =>
  Object.fromEntries((item.checklist ?? []).map((q) => [q.key, fields[answerField(item.id, q.key)] ?? '']))

/**
 * What a device's check decides, or null when its answers do not: the outcome, and the price it is
 * bought at (the price found, or the one typed with a reason); null for a device refused or locked.
 */
function checkedItem(
  item: Item,
  fields: Fields,
  gradeKeys: readonly string[],
): { outcome: CheckOutcome; pricePence: number | null } | null {
  const decided = decideCheck(
    item.checklist ?? [],
    givenAnswers(item, fields),
    gradeKeys.map((key) => ({ key })),
  )
  if (!decided.ok) return null
  const { outcome } = decided
  const typed = poundsToPence(fields[itemField('price', item.id)] ?? '')
  // Refused, or locked (the order is held instead): no price.
  if (outcome.stop) return { outcome, pricePence: null }
  const found = foundPence(
    { pricePence: item.pricePence, gradeKey: item.gradeKey ?? '' },
    outcome,
    item.pricedByGrade?.[outcome.gradeKey] ?? null,
  )
  return { outcome, pricePence: typed ?? found }
}

/**
 * The check's rules across fields: every question answered from the checklist (a key it does not
 * hold is refused), no stop that needs a manager, and a price
 * that is not the one found, or one the answers leave to staff, typed with a reason.
 */
function checkProblems(
  items: readonly Item[],
  fields: Fields,
  gradeKeys: readonly string[],
  report: (field: string, code: AdminProblem) => void,
) {
  for (const item of items) {
    const decided = decideCheck(
      item.checklist ?? [],
      givenAnswers(item, fields),
      gradeKeys.map((key) => ({ key })),
    )
    if (!decided.ok) {
      for (const problem of decided.problems) report(answerField(item.id, problem.question), problem.code)
      continue
    }
    const { stop } = decided.outcome
    // A refused device is not priced; a locked one holds the order instead of the check.
    if (stop?.kind === 'other') {
      report(answerField(item.id, stop.question), 'checkStopped')
      continue
    }
    if (stop) continue
    const [priceName, reasonName] = [itemField('price', item.id), itemField('reason', item.id)]
    const price = fields[priceName] ?? ''
    const typed = poundsToPence(price)
    const found = foundPence(
      { pricePence: item.pricePence, gradeKey: item.gradeKey ?? '' },
      decided.outcome,
      item.pricedByGrade?.[decided.outcome.gradeKey] ?? null,
    )
    if (price && typed === null) report(priceName, 'invalid')
    else if (typed !== null && typed > REVISED_PRICE_MAX_PENCE) report(priceName, 'overMaximum')
    else if (typed === null && found === null) report(priceName, 'missing')
    else if (typed !== null && typed !== found && !(fields[reasonName] ?? '')) report(reasonName, 'priceReasonMissing')
  }
}

/**
 * Posting back the devices a seller declined in an order otherwise accepted: not a move (the order
 * stays where it is), so not in the lifecycle table. The form's action, and the history's name for it.
 */
export const RETURN_DECLINED = { action: 'returnDeclined', event: 'return-declined' } as const

const returnDeclinedSchema = v.object({ tracking })

/** The declined devices' tracking number, read as the return move's is, or what is wrong with it. */
export function parseReturnDeclined(body: Body): Validation<{ tracking: string }, AdminProblem> {
  return validatorFor<AdminProblem, typeof returnDeclinedSchema>(returnDeclinedSchema)(
    body instanceof URLSearchParams ? Object.fromEntries(body) : body,
  )
}

const riseDecisionSchema = v.object({ reason: neededNote })

/** A manager's reason for approving or refusing a price rise (kept in the history), or what is wrong with it. */
export function parseRiseDecision(body: Body): Validation<{ reason: string }, AdminProblem> {
  return validatorFor<AdminProblem, typeof riseDecisionSchema>(riseDecisionSchema)(
    body instanceof URLSearchParams ? Object.fromEntries(body) : body,
  )
}

/** An action form's fields as the StaffAction it asks for, or every problem with it. */
export function parseAdminAction(
  body: Body,
  items: readonly Item[],
  gradeKeys: readonly string[],
): Validation<StaffAction, AdminProblem> {
  const schema = adminActionSchema(items, gradeKeys)
  return validatorFor<AdminProblem, typeof schema>(schema)(
    body instanceof URLSearchParams ? Object.fromEntries(body) : body,
  )
}
