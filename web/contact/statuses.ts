import { CONTACT_STATUSES, type ContactStatus } from '@/db/schema'

export { CONTACT_STATUSES, type ContactStatus }

/**
 * Where a message may go from each status: answered or closed once read, and back to new (reopened)
 * when it needs more. Any member of staff may make any of these moves.
 */
export const CONTACT_MOVES: Record<ContactStatus, readonly ContactStatus[]> = {
  new: ['answered', 'closed'],
  answered: ['closed', 'new'],
  closed: ['new'],
}

export const isContactStatus = (value: unknown): value is ContactStatus =>
  typeof value === 'string' && (CONTACT_STATUSES as readonly string[]).includes(value)

const MESSAGE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** A message's id as the database makes them: anything else names no message (and is never queried). */
export const isContactMessageId = (value: unknown): value is string =>
  typeof value === 'string' && MESSAGE_ID.test(value)

/** The staff page of one message: where the e-mail's button and the list's links go. */
export const contactMessagePath = (id: string) => `/admin/messages/${id}`
