import type { OrderCopy } from '@/content/types'
import { RECHECK_FIELD } from '@/orders/admin-input'
import { FormField } from './form-field'

/** The refusal a re-check came back with, from the address: wrong, too many tries, or none. */
export function recheckError(copy: OrderCopy, query: Record<string, string>): string | null {
  if (query.recheck === 'wrong') return copy.admin.recheckWrong
  if (query.recheck === 'tooMany') return copy.admin.recheckTooMany
  return null
}

/**
 * The staff member's password, asked again inside the form that reveals bank details or pays,
 * when their login or last re-check is more than a few minutes old.
 */
export function RecheckField({ copy, query }: { copy: OrderCopy; query: Record<string, string> }) {
  const text = copy.admin
  return (
    <fieldset className="admin-recheck" id="recheck">
      <legend>{text.recheckHeading}</legend>
      <FormField
        name={RECHECK_FIELD}
        label={text.recheckPassword}
        hint={text.recheckHelp}
        error={recheckError(copy, query)}
        password
      />
    </fieldset>
  )
}
