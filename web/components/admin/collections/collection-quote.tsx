import type { ContactInboxCopy } from '@/content/types'
import type { CollectionDeviceView } from '@/collections/devices-store'
import { formatDateTime } from '@/lib/dates'
import { formatPenceExact, penceAsPounds } from '@/lib/money'
import { fillTemplate } from '@/lib/templates'
import { DeviceValueForm, SendQuoteForm, type GradeChoice } from './collection-quote-forms'

type Props = {
  id: string
  copy: ContactInboxCopy['collections']
  devices: CollectionDeviceView[]
  /** Values may be recorded and the quote sent: the collection is collected and the quote not sent. */
  open: boolean
  sent: { at: Date; actorName: string; totalPence: number } | null
  workingDays: number
  grades: GradeChoice[]
}

/** The collection's quote: each device's value (or recycle) and grade, and the button that sends it to the business. */
export function CollectionQuote({ id, copy, devices, open, sent, workingDays, grades }: Props) {
  if (!sent && !(open && devices.length)) return null
  return (
    <section aria-labelledby="collection-quote" className="admin-section">
      <h2 id="collection-quote">{copy.quoteHeading}</h2>
      {sent ? (
        <p data-quote-sent>
          {fillTemplate(copy.quoteSentLine, {
            name: sent.actorName,
            at: formatDateTime(sent.at),
            total: formatPenceExact(sent.totalPence),
          })}
        </p>
      ) : (
        <>
          <p>{fillTemplate(copy.quoteHint, { number: workingDays })}</p>
          {devices.map((device) => (
            <DeviceValueForm
              key={device.position}
              id={id}
              copy={copy}
              grades={grades}
              device={{
                position: device.position,
                name: `#${device.position} ${device.make} ${device.model}, ${device.imei}`,
                pounds: device.valuePence === null ? '' : penceAsPounds(device.valuePence),
                recycle: device.recycle,
                grade: device.gradeKey ?? '',
              }}
            />
          ))}
          <SendQuoteForm id={id} label={copy.sendQuote} />
        </>
      )}
    </section>
  )
}

/** A device's value in the devices table: its price, recycle, or not valued yet. */
export function deviceValueText(copy: ContactInboxCopy['collections'], device: CollectionDeviceView): string {
  if (device.recycle) return copy.valueRecycled
  return device.valuePence === null ? copy.valueNone : formatPenceExact(device.valuePence)
}
