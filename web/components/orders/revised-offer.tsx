import type { OrderCopy } from '@/content/types'
import { formatLongDate } from '@/lib/dates'
import { formatPence } from '@/lib/money'
import { fillTemplate } from '@/lib/templates'
import { answerOffer } from '@/orders/checkout/form-actions'
import { revisedTotal } from '@/orders/record/order-values'
import type { OrderRecord } from '@/orders/record/store'
import { ButtonForm } from '../forms/button-form'
import { DevicePhotos } from './device-photos'

type Props = { order: OrderRecord; copy: OrderCopy; token: string }

/**
 * A revised offer, device by device, for the seller's own link or account: what we first offered
 * and the new price, why, the photos of the check, and for each device not yet answered its own
 * accept and decline forms (they post without scripts too). An answered device says what happens to it.
 */
export function RevisedOffer({ order, copy, token }: Props) {
  const text = copy.details
  const revised = order.items.filter((item) => item.revisedPricePence !== null)
  return (
    <section id="offer" aria-labelledby="offer-heading" className="revised-offer">
      <h2 id="offer-heading">{text.revisedHeading}</h2>
      <p>
        {fillTemplate(text.revisedText, {
          total: formatPence(revisedTotal({ items: order.items.map((item) => ({ ...item, offerAnswer: null })) })),
          date: order.offerDeadline ? formatLongDate(order.offerDeadline) : '',
        })}
      </p>
      {revised.map((item) => (
        <article
          key={item.id}
          id={`device-${item.id}`}
          className="revised-device"
          aria-labelledby={`heading-${item.id}`}
        >
          <h3 id={`heading-${item.id}`}>{item.device}</h3>
          <dl className="order-facts">
            <dt>{text.priceColumn}</dt>
            <dd>{formatPence(item.pricePence)}</dd>
            <dt>{text.revisedColumn}</dt>
            <dd className="revised-device__price">{formatPence(item.revisedPricePence!)}</dd>
            {item.revisedReason ? (
              <>
                <dt>{text.reasonLabel}</dt>
                <dd>{item.revisedReason}</dd>
              </>
            ) : null}
          </dl>
          <DevicePhotos
            photos={order.photos.filter((photo) => photo.orderItemId === item.id)}
            device={item.device}
            alt={text.photoAlt}
            signed
          />
          {item.offerAnswer ? (
            <p className="revised-device__answer" data-answer={item.offerAnswer}>
              {item.offerAnswer === 'accept' ? text.answeredAccept : text.answeredDecline}
            </p>
          ) : (
            <div className="revised-offer__answers">
              {(['accept', 'decline'] as const).map((answer) => (
                <ButtonForm
                  key={answer}
                  action={answerOffer}
                  hidden={{ token, answer, item: item.id }}
                  submitLabel={
                    answer === 'accept'
                      ? fillTemplate(text.acceptButton, { price: formatPence(item.revisedPricePence!) })
                      : text.declineButton
                  }
                  submitClass={answer === 'accept' ? 'button button--primary' : 'button button--secondary'}
                />
              ))}
            </div>
          )}
        </article>
      ))}
    </section>
  )
}

/** The photos of devices not in an open offer (checked, paid, sent back): under the devices. */
export function CheckPhotos({ order, copy }: Omit<Props, 'token'>) {
  const shown = order.status === 'revised' ? order.items.filter((item) => item.revisedPricePence === null) : order.items
  const withPhotos = shown.filter((item) => order.photos.some((photo) => photo.orderItemId === item.id))
  if (!withPhotos.length) return null
  return (
    <section aria-labelledby="check-photos" className="check-photos">
      <h2 id="check-photos">{copy.details.photosHeading}</h2>
      {withPhotos.map((item) => (
        <div key={item.id} id={`device-${item.id}`}>
          <h3>{item.device}</h3>
          <DevicePhotos
            photos={order.photos.filter((photo) => photo.orderItemId === item.id)}
            device={item.device}
            alt={copy.details.photoAlt}
            signed
          />
        </div>
      ))}
    </section>
  )
}
