/**
 * The records page: the purchase register and the margin scheme stock book, each a plain form that
 * downloads a CSV, and the list of downloads made. A refused form comes back with the GOV.UK error
 * summary (focused as the page loads) linking to the field it is about. Works with scripts off.
 */
import { FormField } from '@/components/admin/form-field'
import { StaffPage } from '@/components/admin/staff-page'
import { ErrorSummary } from '@/components/forms/error-summary'
import { FieldMessage } from '@/components/forms/field-message'
import type { OrderCopy } from '@/content/types'
import type { RecordExportRow } from '@/db/schema'
import { formatDateTime } from '@/lib/dates'
import { fillTemplate } from '@/lib/templates'
import { REASON_MAX, type RecordsProblem } from '@/stock/records-input'
import '@/styles/admin.css'

type Kind = 'purchase-register' | 'stock-book'
type Props = {
  copy: OrderCopy
  exports: RecordExportRow[]
  /** A refused form: which, the days it had, and why. */
  refused: { kind: Kind; from: string; to: string; problem: RecordsProblem | 'unavailable' } | null
}

const FIELD: Partial<Record<RecordsProblem, 'from' | 'device' | 'reason'>> = {
  datesMissing: 'from',
  dateInvalid: 'from',
  datesOrder: 'from',
  deviceInvalid: 'device',
  reasonMissing: 'reason',
  reasonTooLong: 'reason',
}

function problemText(copy: OrderCopy, problem: RecordsProblem | 'unavailable'): string {
  const text = copy.records
  switch (problem) {
    case 'reasonTooLong':
      return fillTemplate(text.reasonTooLong, { max: REASON_MAX })
    case 'kindUnknown':
    case 'unavailable':
      return copy.problems.unavailable
    default:
      return text[problem]
  }
}

function DayField({
  id,
  name,
  label,
  value,
  error,
}: {
  id: string
  name: string
  label: string
  value: string
  error?: string
}) {
  return (
    <div className="field field--short">
      <label htmlFor={id}>{label}</label>
      <FieldMessage id={`${id}-error`} message={error} />
      <input
        id={id}
        name={name}
        type="date"
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
    </div>
  )
}

function RecordsForm({ kind, copy, refused }: { kind: Kind; copy: OrderCopy; refused: Props['refused'] }) {
  const text = copy.records
  const prefix = kind === 'purchase-register' ? 'register' : 'book'
  const mine = refused?.kind === kind ? refused : null
  const field = mine && mine.problem !== 'unavailable' ? FIELD[mine.problem] : undefined
  const message = mine ? problemText(copy, mine.problem) : undefined
  const errorOn = (name: 'from' | 'device' | 'reason') => (field === name ? message : undefined)
  const headingId = `${prefix}-heading`
  return (
    <form className="admin-action-form" method="post" action="/api/stock/records" aria-labelledby={headingId}>
      <h2 id={headingId}>{kind === 'purchase-register' ? text.registerHeading : text.bookHeading}</h2>
      <p>{kind === 'purchase-register' ? text.registerHelp : text.bookHelp}</p>
      {mine ? (
        <ErrorSummary
          title={copy.problems.summary}
          autoFocus
          errors={[{ href: `#${prefix}-${field ?? 'from'}`, text: message!, code: mine.problem }]}
        />
      ) : null}
      <input type="hidden" name="kind" value={kind} />
      <DayField
        id={`${prefix}-from`}
        name="from"
        label={text.fromLabel}
        value={mine?.from ?? ''}
        error={errorOn('from')}
      />
      <DayField id={`${prefix}-to`} name="to" label={text.toLabel} value={mine?.to ?? ''} />
      {kind === 'purchase-register' ? (
        <>
          <FormField
            id="register-device"
            name="device"
            label={text.deviceLabel}
            hint={text.deviceHint}
            error={errorOn('device') ?? null}
            code
          />
          <FormField
            id="register-reason"
            name="reason"
            label={text.reasonLabel}
            hint={text.reasonHint}
            error={errorOn('reason') ?? null}
            maxLength={REASON_MAX}
          />
        </>
      ) : null}
      <button type="submit" className="button button--primary">
        {kind === 'purchase-register' ? text.registerButton : text.bookButton}
      </button>
    </form>
  )
}

export function StockRecords({ copy, exports, refused }: Props) {
  const text = copy.records
  return (
    <StaffPage back={{ href: '/admin/stock', label: copy.stock.heading }} heading={text.heading} intro={text.intro}>
      <RecordsForm kind="purchase-register" copy={copy} refused={refused} />
      <RecordsForm kind="stock-book" copy={copy} refused={refused} />
      <h2 id="records-exports">{text.exportsHeading}</h2>
      {exports.length ? (
        <div className="admin-scroll" tabIndex={0} role="group" aria-labelledby="records-exports">
          <table className="admin-table">
            <caption className="visually-hidden">{text.exportsHeading}</caption>
            <thead>
              <tr>
                <th scope="col">{text.whenColumn}</th>
                <th scope="col">{text.whoColumn}</th>
                <th scope="col">{text.whatColumn}</th>
                <th scope="col">{text.coverColumn}</th>
                <th scope="col">{text.reasonColumn}</th>
                <th scope="col">{text.rowsColumn}</th>
              </tr>
            </thead>
            <tbody>
              {exports.map((made) => (
                <tr key={made.id}>
                  <td>
                    <time dateTime={made.madeAt.toISOString()}>{formatDateTime(made.madeAt)}</time>
                  </td>
                  <td>{made.madeByName}</td>
                  <td>{made.kind === 'purchase-register' ? text.registerHeading : text.bookHeading}</td>
                  <td>
                    {[
                      made.fromDay ? fillTemplate(text.coverDays, { from: made.fromDay, to: made.toDay ?? '' }) : '',
                      made.deviceCode ? fillTemplate(text.coverDevice, { device: made.deviceCode }) : '',
                    ]
                      .filter(Boolean)
                      .join('; ')}
                  </td>
                  <td>{made.reason ?? ''}</td>
                  <td>{made.rowCount}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="admin-empty">{text.exportsNone}</p>
      )}
    </StaffPage>
  )
}
