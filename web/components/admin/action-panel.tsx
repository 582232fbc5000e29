import Link from 'next/link'
import { ErrorSummary } from '@/components/forms/error-summary'
import { fillTemplate } from '@/lib/templates'
import {
  adminErrorsFromQuery,
  adminMovesFor,
  isAdminMove,
  RECHECK_FIELD,
  type AdminFieldError,
  type AdminMove,
} from '@/orders/admin-input'
import { ActionFields, fieldLabel } from './action-fields'
import { actionLabel, inSentence } from './admin-words'
import { RecheckField, recheckError } from './recheck-field'
import type { AdminOrderProps } from './admin-order-props'
import { staffForm } from '@/orders/staff-form'

/**
 * What staff can do to the order now: a link per action, and for the one chosen a confirmation
 * form with its fields. Plain links and a plain form post, so no scripts are needed.
 */
export function ActionPanel({ order, copy, role, grades, query, recheckNeeded }: AdminOrderProps) {
  const text = copy.admin
  const moves = adminMovesFor(order.status, role)
  const chosen = isAdminMove(query.action) && moves.includes(query.action) ? query.action : null
  const path = `/admin/orders/${order.reference}`
  return (
    <section aria-labelledby="order-actions" className="admin-section">
      <h2 id="order-actions">{text.actionsHeading}</h2>
      {moves.length ? (
        <ul className="admin-actions">
          {moves.map((move) => (
            <li key={move}>
              <Link
                href={`${path}?action=${move}#action-form`}
                className={move === chosen ? 'button button--primary' : 'button button--secondary'}
                aria-current={move === chosen ? 'true' : undefined}
              >
                {actionLabel(text, move)}
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p>{text.noActions}</p>
      )}
      {chosen ? (
        <ConfirmForm
          order={order}
          copy={copy}
          grades={grades}
          move={chosen}
          errors={adminErrorsFromQuery(query.errors)}
          recheck={chosen === 'pay' && (recheckNeeded || Boolean(query.recheck)) ? query : null}
        />
      ) : null}
    </section>
  )
}

type FormProps = Pick<AdminOrderProps, 'order' | 'copy' | 'grades'> & {
  move: AdminMove
  errors: AdminFieldError[]
  /** Paying asks for the password again: the address's query, for the re-check's own refusal. */
  recheck: Record<string, string> | null
}

function ConfirmForm({ order, copy, grades, move, errors, recheck }: FormProps) {
  const text = copy.admin
  const label = actionLabel(text, move) ?? move
  const fields = new Set(errors.map((error) => error.field))
  const summary = [...fields].map((field) => {
    const named = fieldLabel(copy, order, field)
    return { href: named ? `#${field}` : '#action-form', text: named ?? text.invalid }
  })
  const recheckProblem = recheck ? recheckError(copy, recheck) : null
  if (recheckProblem) summary.push({ href: `#${RECHECK_FIELD}`, text: recheckProblem })
  return (
    <form
      id="action-form"
      action={staffForm}
      className="admin-action-form"
      aria-labelledby="action-form-heading"
      noValidate
    >
      <h3 id="action-form-heading">{label}</h3>
      <ErrorSummary title={copy.problems.summary} errors={summary} />
      <p>{fillTemplate(text.confirmHelp, { action: inSentence(label), reference: order.reference })}</p>
      <input type="hidden" name="reference" value={order.reference} />
      <input type="hidden" name="action" value={move} />
      <input type="hidden" name="expectedStatus" value={order.status} />
      <ActionFields move={move} order={order} copy={copy} grades={grades} invalid={fields} />
      {recheck ? <RecheckField copy={copy} query={recheck} /> : null}
      <button type="submit" className="button button--primary">
        {text.confirm}
      </button>
    </form>
  )
}
