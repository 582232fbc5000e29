import type { ContactInboxCopy } from '@/content/types'
import { isContactStatus, type ContactStatus } from '@/contact/statuses'

/** A message status's name in the content's words; the key itself for one the content does not know. */
export const contactStatusName = (copy: ContactInboxCopy, status: string) =>
  isContactStatus(status) ? copy.statuses[status] : status

/** The button that moves a message to a status: reopening makes it new again. */
export function moveLabel(copy: ContactInboxCopy, to: ContactStatus): string {
  if (to === 'answered') return copy.message.markAnswered
  if (to === 'closed') return copy.message.close
  return copy.message.reopen
}
