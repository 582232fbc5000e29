import type { OrderCopy } from '@/content/types'
import { formatPence } from '@/lib/money'
import { fillTemplate } from '@/lib/templates'
import { fieldsOf, itemField, type AdminMove, type ItemFieldKind } from '@/orders/moves/admin-input'
import { FieldMessage } from '@/components/forms/field-message'
import { FormField } from '@/components/admin/form-field'
import { ChecklistFields } from './checklist-fields'
import { answerField, type ChecklistQuestion } from '@/orders/moves/checklist'

type AdminCopy = OrderCopy['admin']
type RiseCopy = OrderCopy['rises']

/** What an action's form needs of each device: what it is, what was offered, what the check found. */
export type ActionItem = {
  id: string
  device: string
  pricePence: number
  gradeKey: string
  foundGradeKey: string | null
  foundGradeName: string | null
  imei: string | null
  checkNotes: string | null
  /** What the site publishes today for its model, storage and the grade found; null when unpriced. */
  publishedPence: number | null
  /** The checklist for its kind of device, and its published price in each grade. */
  checklist: ChecklistQuestion[]
  pricedByGrade: Record<string, number | null>
  /** The answers kept from a check tried before (an activation lock stops it). */
  checkAnswers: Array<{ question: string; answer: string }> | null
}

type Props = {
  move: AdminMove
  items: ActionItem[]
  text: AdminCopy
  riseText: RiseCopy
  /** The words for the price a device was offered at. */
  priceColumn: string
  grades: Array<{ key: string; name: string }>
  /** Each refused field's message, by the field's name. */
  errors: Record<string, string>
  /** What was typed, by the field's name: the form as it was sent. */
  typed: Record<string, string>
  /** The label of the police's reference, for a device kept for them. */
  policeReference: string
  checkText: OrderCopy['checklist']
}

/**
 * The fields a move asks for, by its `fields` in the lifecycle table: a reason, a tracking number,
 * or per device the check or the new price.
 */
export function ActionFields({
  move,
  items,
  text,
  riseText,
  priceColumn,
  grades,
  errors,
  typed,
  policeReference,
  checkText,
}: Props) {
  const field = (name: string, stored = '') => ({
    name,
    error: errors[name] ?? null,
    defaultValue: typed[name] ?? stored,
  })
  switch (fieldsOf(move)) {
    case 'note':
    case 'neededNote':
      return <FormField {...field('reason')} label={text.why} multiline />
    case 'policeReference':
      return <FormField {...field('reason')} label={policeReference} short />
    case 'tracking':
      return <FormField {...field('tracking')} label={text.tracking} short code />
    case 'deviceChecks':
      return items.map((item) => (
        <ChecklistFields
          key={item.id}
          item={item}
          text={{ ...checkText, imei: text.imei, imeiHint: text.imeiHint, notes: text.notes, reason: text.reason }}
          gradeLabel={text.gradeFound}
          grades={grades}
          errors={errors}
          typed={typed}
        />
      ))
    case 'devicePrices':
      return items.map((item) => (
        <fieldset key={item.id} className="admin-item">
          <legend>{item.device}</legend>
          {item.publishedPence === null ? null : (
            <PublishedChoice
              item={item}
              text={riseText}
              error={errors[itemField('published', item.id)] ?? null}
              typed={typed}
            />
          )}
          <FormField
            {...field(itemField('price', item.id))}
            label={text.newPrice}
            hint={`${priceColumn}: ${formatPence(item.pricePence)}. ${riseText.typedHelp}`}
            inputMode="decimal"
            short
          />
          <FormField {...field(itemField('reason', item.id))} label={text.reason} multiline />
        </fieldset>
      ))
  }
}

/** The tick box that offers the published price for the grade found: no reason needed. */
function PublishedChoice({
  item,
  text,
  error,
  typed,
}: {
  item: ActionItem
  text: RiseCopy
  error: string | null
  typed: Record<string, string>
}) {
  const name = itemField('published', item.id)
  return (
    <p className="admin-published">
      <input type="checkbox" id={name} name={name} value="yes" defaultChecked={Boolean(typed[name])} />{' '}
      <label htmlFor={name}>
        {fillTemplate(text.publishedOption, {
          grade: item.foundGradeName ?? '',
          price: formatPence(item.publishedPence ?? 0),
        })}
      </label>
      <FieldMessage id={`${name}-error`} message={error ?? undefined} />
    </p>
  )
}

const LABELS: Record<Exclude<ItemFieldKind, 'published'>, keyof AdminCopy> = {
  grade: 'gradeFound',
  imei: 'imei',
  notes: 'notes',
  price: 'newPrice',
  reason: 'reason',
}

/**
 * Each field's name in the error summary, with its device: every field an action on these
 * devices can refuse. A problem with no field of its own is named by the form.
 */
export function fieldLabels(text: AdminCopy, items: readonly ActionItem[]): Record<string, string> {
  const labels: Record<string, string> = { reason: text.why, tracking: text.tracking }
  for (const item of items) {
    for (const kind of Object.keys(LABELS) as Array<keyof typeof LABELS>) {
      labels[itemField(kind, item.id)] = `${text[LABELS[kind]]} (${item.device})`
    }
    labels[itemField('published', item.id)] = item.device
    for (const question of item.checklist)
      labels[answerField(item.id, question.key)] = `${question.question} (${item.device})`
  }
  return labels
}
