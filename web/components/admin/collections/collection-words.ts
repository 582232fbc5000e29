import type { ContactInboxCopy } from '@/content/types'
import { isCollectionStatus, type CollectionStatus } from '@/collections/statuses'

type Words = ContactInboxCopy['collections']

/** A request status's name in the content's words; the key itself for one the content does not know. */
export const collectionStatusName = (copy: Words, status: string) =>
  isCollectionStatus(status) ? copy[status] : status

/** The button that moves a request to a status. */
export function collectionMoveLabel(copy: Words, to: CollectionStatus): string {
  if (to === 'booked') return copy.book
  if (to === 'collected') return copy.collect
  if (to === 'closed') return copy.close
  // Back to requested: the date fell through, or a closed request is opened again.
  return copy.reopen
}
