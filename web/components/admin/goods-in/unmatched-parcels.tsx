import type { OrderCopy } from '@/content/types'
import { formatDateTime } from '@/lib/dates'
import { fillTemplate } from '@/lib/templates'
import type { ParcelView } from '@/orders/goods-in/parcel-store'
import { NOTE_MAX } from '@/orders/goods-in/goods-in-rules'
import '@/styles/admin.css'
import '@/styles/goods-in.css'
import { ParcelForms } from './goods-in-parcel-forms'
import { StaffPage } from '@/components/admin/staff-page'

type Props = {
  copy: OrderCopy
  parcels: ParcelView[]
  /** What the last form here did, in the content's words, or null. */
  done: string | null
  /** A note or photo refused, in the content's words, with the parcel it was for. */
  problem: { parcelId: string; message: string } | null
}

/**
 * The unmatched parcels: each with its code as scanned, who scanned it and when, its note and
 * photo (a plain multipart form, with or without scripts), and the forms that join it to an order
 * or mark it returned.
 */
export function UnmatchedParcels({ copy, parcels, done, problem }: Props) {
  const text = copy.goodsIn
  return (
    <StaffPage
      className="goods-in"
      back={{ href: '/admin/goods-in', label: text.heading }}
      heading={text.unmatchedHeading}
      intro={text.unmatchedIntro}
    >
      {done ? (
        <p className="admin-notice" role="status">
          {done}
        </p>
      ) : null}
      {parcels.length ? (
        <ul className="goods-in-parcels">
          {parcels.map((parcel) => {
            const id = `parcel-${parcel.id}`
            const refused = problem?.parcelId === parcel.id ? problem.message : null
            return (
              <li key={parcel.id} id={id} className="admin-item">
                <section aria-labelledby={`${id}-code`}>
                  <h2 id={`${id}-code`} className="admin-code">
                    {parcel.code}
                  </h2>
                  <p>
                    {fillTemplate(text.queuedBy, {
                      who: parcel.createdByName || text.someone,
                      at: formatDateTime(parcel.createdAt),
                    })}
                  </p>
                  {parcel.hasPhoto ? (
                    // eslint-disable-next-line @next/next/no-img-element -- a private photo, never optimised or cached
                    <img
                      className="goods-in-parcel__photo"
                      src={`/api/goods-in/parcels/${parcel.id}/photo`}
                      alt={fillTemplate(text.photoAlt, { code: parcel.code })}
                    />
                  ) : null}
                  <form
                    className="admin-action-form"
                    method="post"
                    encType="multipart/form-data"
                    action={`/api/goods-in/parcels/${parcel.id}`}
                    aria-label={`${text.saveButton}: ${parcel.code}`}
                  >
                    <div className="field">
                      <label htmlFor={`${id}-note`}>{text.noteLabel}</label>
                      <p id={`${id}-note-hint`} className="field__hint">
                        {text.noteHint}
                      </p>
                      {refused ? (
                        <p id={`${id}-note-error`} className="field__error" role="alert">
                          {refused}
                        </p>
                      ) : null}
                      <textarea
                        id={`${id}-note`}
                        name="note"
                        rows={3}
                        maxLength={NOTE_MAX}
                        defaultValue={parcel.note ?? ''}
                        aria-describedby={refused ? `${id}-note-hint ${id}-note-error` : `${id}-note-hint`}
                      />
                    </div>
                    <div className="field">
                      <label htmlFor={`${id}-photo`}>{text.photoLabel}</label>
                      <input id={`${id}-photo`} type="file" name="photo" accept="image/*" capture="environment" />
                    </div>
                    <button type="submit" className="button button--secondary">
                      {text.saveButton}
                    </button>
                  </form>
                  <ParcelForms
                    parcelId={parcel.id}
                    code={parcel.code}
                    words={{
                      joinLabel: text.joinLabel,
                      joinButton: text.joinButton,
                      returnLabel: text.returnLabel,
                      returnButton: text.returnButton,
                    }}
                  />
                </section>
              </li>
            )
          })}
        </ul>
      ) : (
        <p className="admin-empty">{text.unmatchedNone}</p>
      )}
    </StaffPage>
  )
}
