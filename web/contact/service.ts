import 'server-only'
import { linkOrigin } from '@/mail/link-origin'
import { getEmailCopy, getSiteSettings } from '@/content/loaders'
import { getDb } from '@/db/connection'
import type { ContactInput } from './validation'
import { describeError } from '@/lib/log'
import { kickOutbox } from '@/mail/outbox-kick'
import { recordContactMessage } from './store'

/** The message could not be kept (the database or the content could not be reached): nothing was. */
export class ContactUnavailableError extends Error {}

/**
 * A contact message from the form's action or `POST /api/contact`: stored, with its e-mail to the
 * business (Site settings' address, answering it replies to the sender) queued in the same
 * transaction and sent once it commits. Its link opens the message in the staff pages, at the
 * address links in e-mails start with (see linkOrigin).
 */
export async function receiveContactMessage(input: ContactInput): Promise<'created'> {
  try {
    const [copy, settings, db] = await Promise.all([getEmailCopy(), getSiteSettings(), getDb()])
    await recordContactMessage(db, input, { copy, to: settings.contactEmail, origin: linkOrigin() })
  } catch (error) {
    // The error's kind only: a failed query's message quotes what was sent.
    throw new ContactUnavailableError(describeError(error))
  }
  kickOutbox()
  return 'created'
}
