import type { OrderCopy } from '@/content/types'
import { RECHECK_FIELD } from '@/orders/moves/admin-input'
import { FormField } from './form-field'

/**
 * The staff member's password, asked again inside the form that reveals bank details or pays,
 * when their login or last re-check is more than a few minutes old. `id` tells the two forms'
 * fields apart when a page shows both.
 */
export function RecheckField({ text, id, error }: { text: OrderCopy['admin']; id: string; error: string | null }) {
  return (
    <fieldset className="admin-recheck" id={`${id}-recheck`}>
      <legend>{text.recheckHeading}</legend>
      <FormField
        id={id}
        name={RECHECK_FIELD}
        label={text.recheckPassword}
        hint={text.recheckHelp}
        error={error}
        password
      />
    </fieldset>
  )
}
