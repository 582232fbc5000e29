import type { EmailCopy } from '@/content/types'
import type { CollectionRequestRow } from '@/db/schema'
import type { QueuedEmail } from '@/mail/queue'
import { renderEmail } from '@/mail/templates'

/**
 * The business's acknowledgement, in the E-mails document's words: what they asked for, as they
 * typed it, so a slip shows before the van is booked. It has no button: the request has no page
 * of the business's own yet.
 */
export function collectionRequestedMail(request: CollectionRequestRow, copy: EmailCopy): QueuedEmail {
  const values = {
    name: request.contactName,
    organisation: request.organisation,
    deviceCount: request.deviceCount,
    devices: request.devices,
    address: request.address,
    postcode: request.postcode,
    preferredDates: request.preferredDates,
  }
  const frame = { greeting: copy.greeting, signOff: copy.signOff, footer: copy.footer }
  return { ...renderEmail(frame, copy.collectionRequested, values, request.email), kind: 'collection-requested' }
}
