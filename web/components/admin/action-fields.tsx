import type { OrderCopy } from '@/content/types'
import { formatPence } from '@/lib/money'
import type { OrderRecord } from '@/orders/orders'
import { itemField, type AdminMove, type ItemFieldKind } from '@/orders/admin-input'
import { FormField } from './form-field'

type Props = {
  move: AdminMove
  order: OrderRecord
  copy: OrderCopy
  grades: Array<{ key: string; name: string }>
  /** Names of the fields the endpoint refused. */
  invalid: Set<string>
}

/** The fields an action asks for: a reason, a tracking number, or per device the check or the new price. */
export function ActionFields({ move, order, copy, grades, invalid }: Props) {
  const text = copy.admin
  const field = (name: string) => ({ name, error: invalid.has(name) ? text.invalid : null })
  switch (move) {
    case 'receive':
    case 'cancel':
    case 'pay':
    case 'quarantine':
      return <FormField {...field('reason')} label={text.why} multiline />
    case 'return':
      return <FormField {...field('tracking')} label={text.tracking} short code />
    case 'check':
      return order.items.map((item) => (
        <fieldset key={item.id} className="admin-item">
          <legend>{item.device}</legend>
          <FormField
            {...field(itemField('grade', item.id))}
            label={text.gradeFound}
            options={grades.map((grade) => ({ value: grade.key, label: grade.name }))}
            defaultValue={item.foundGradeKey ?? item.gradeKey}
          />
          <FormField
            {...field(itemField('imei', item.id))}
            label={text.imei}
            hint={text.imeiHint}
            defaultValue={item.imei ?? ''}
            inputMode="numeric"
            short
            code
          />
          <FormField
            {...field(itemField('notes', item.id))}
            label={text.notes}
            defaultValue={item.checkNotes ?? ''}
            multiline
          />
        </fieldset>
      ))
    case 'revise':
      return order.items.map((item) => (
        <fieldset key={item.id} className="admin-item">
          <legend>{item.device}</legend>
          <FormField
            {...field(itemField('price', item.id))}
            label={text.newPrice}
            hint={`${copy.details.priceColumn}: ${formatPence(item.pricePence)}`}
            inputMode="decimal"
            short
          />
          <FormField {...field(itemField('reason', item.id))} label={text.reason} multiline />
        </fieldset>
      ))
  }
}

const LABELS: Record<ItemFieldKind, keyof OrderCopy['admin']> = {
  grade: 'gradeFound',
  imei: 'imei',
  notes: 'notes',
  price: 'newPrice',
  reason: 'reason',
}

/** A refused field's label for the error summary, with its device; null for a problem with no field. */
export function fieldLabel(copy: OrderCopy, order: OrderRecord, field: string): string | null {
  const text = copy.admin
  if (field === 'reason') return text.why
  if (field === 'tracking') return text.tracking
  const [, kind, id] = /^(grade|imei|notes|price|reason)-(.+)$/.exec(field) ?? []
  const item = order.items.find((candidate) => candidate.id === id)
  return kind && item ? `${text[LABELS[kind as ItemFieldKind]]} (${item.device})` : null
}
