/** Under the returns list: the button that prints the chosen orders' return labels as one PDF, and the notice when none was chosen. */
import type { OrderCopy } from '@/content/types'

/** The id the returns list's boxes name as their form. */
export const RETURN_LABELS_FORM = 'return-labels'

/**
 * Under the returns list: the button that prints a return label for each order chosen, as one
 * PDF. A plain GET to the labels' route, so it works without scripts. Sent back with none chosen,
 * it says so above the button, where the address's fragment brings the reader.
 */
export function ReturnLabelsForm({
  text,
  none,
  form,
}: {
  text: OrderCopy['returnLabels']
  none: boolean
  /** Whether there are orders to choose: without, only the notice shows. */
  form: boolean
}) {
  return (
    <div id={RETURN_LABELS_FORM + '-section'} className="admin-action-form admin-packs-form">
      {none ? (
        <p className="admin-notice admin-notice--warning" role="alert" id="return-labels-none">
          {text.none}
        </p>
      ) : null}
      {form ? (
        <form id={RETURN_LABELS_FORM} method="get" action="/admin/orders/return-labels" aria-label={text.button}>
          <button type="submit" className="button button--primary">
            {text.button}
          </button>
        </form>
      ) : null}
    </div>
  )
}
