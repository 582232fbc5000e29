import type { OrderCopy } from '@/content/types'
import { fillTemplate } from '@/lib/templates'
import { isPhotoProblem, PHOTO_LIMITS, takesPhotos } from '@/orders/photos/photo-rules'
import type { OrderRecord } from '@/orders/record/store'
import { DevicePhotos } from '@/components/orders/device-photos'

const MEGABYTES = String(PHOTO_LIMITS.fileBytes / (1024 * 1024))

/** The content's words for a refused upload, its limits written in. */
function problemWords(copy: OrderCopy, code: string): string | null {
  const text = copy.admin
  const limits = { maxMegabytes: MEGABYTES, maxPhotos: PHOTO_LIMITS.filesPerUpload, perDevice: PHOTO_LIMITS.perDevice }
  if (code === 'unavailable') return copy.problems.unavailable
  return isPhotoProblem(code) ? fillTemplate(text[code], limits) : null
}

/**
 * Each device's photos, and while the order is being checked or its offer is open, a form that adds
 * more: the phone's camera or files, several at once. A plain multipart post to the upload route,
 * with or without scripts; the page it sends staff back to says how it went, by the device.
 */
export function DevicePhotoForms({
  order,
  copy,
  query,
}: {
  order: OrderRecord
  copy: OrderCopy
  query: Record<string, string>
}) {
  const text = copy.admin
  const open = takesPhotos(order.status)
  return (
    <section aria-labelledby="order-photos" className="admin-section">
      <h2 id="order-photos">{text.photosHeading}</h2>
      {order.items.map((item) => {
        const photos = order.photos.filter((photo) => photo.orderItemId === item.id)
        const here = query.item === item.id
        const problem = here && query.photoProblem ? problemWords(copy, query.photoProblem) : null
        const inputId = `photos-${item.id}`
        return (
          <section
            key={item.id}
            id={`device-${item.id}`}
            className="admin-item"
            aria-labelledby={`photos-heading-${item.id}`}
          >
            <h3 id={`photos-heading-${item.id}`}>{item.device}</h3>
            {photos.length ? (
              <DevicePhotos photos={photos} device={item.device} alt={copy.details.photoAlt} />
            ) : (
              <p>{text.noPhotos}</p>
            )}
            {here && query.photos === 'added' ? (
              <p className="admin-notice" role="status">
                {text.photosAdded}
              </p>
            ) : null}
            {open ? (
              <form
                className="photo-upload"
                method="post"
                encType="multipart/form-data"
                action={`/api/orders/${order.reference}/photos?item=${item.id}`}
              >
                <div className="field">
                  <label htmlFor={inputId}>{text.photosLabel}</label>
                  <p id={`${inputId}-hint`} className="field__hint">
                    {fillTemplate(text.photosHint, {
                      maxPhotos: PHOTO_LIMITS.filesPerUpload,
                      maxMegabytes: MEGABYTES,
                    })}
                  </p>
                  {problem ? (
                    <p id={`${inputId}-error`} className="field__error" role="alert" data-problem={query.photoProblem}>
                      {problem}
                    </p>
                  ) : null}
                  <input
                    id={inputId}
                    type="file"
                    name="photos"
                    accept="image/*"
                    multiple
                    aria-describedby={problem ? `${inputId}-hint ${inputId}-error` : `${inputId}-hint`}
                    aria-invalid={problem ? true : undefined}
                  />
                </div>
                {/* On a phone this one opens the camera straight away; the field above offers files too. */}
                <div className="field">
                  <label htmlFor={`${inputId}-camera`}>{text.photosCamera}</label>
                  <input
                    id={`${inputId}-camera`}
                    type="file"
                    name="photos"
                    accept="image/*"
                    capture="environment"
                    multiple
                  />
                </div>
                <button type="submit" className="button button--secondary">
                  {text.photosButton}
                </button>
              </form>
            ) : null}
          </section>
        )
      })}
    </section>
  )
}
