import 'server-only'
import { getEmailCopy } from '@/content/loaders'
import { getDb } from '@/db/connection'
import { describeError } from '@/lib/log'
import { kickOutbox } from '@/mail/outbox-kick'
import { collectionRequestedMail } from './mail'
import { recordCollectionRequest } from './store'
import type { CollectionInput } from './validation'

/** The request could not be kept (the database or the content could not be reached): nothing was. */
export class CollectionUnavailableError extends Error {}

/**
 * A collection request from the business recycling page's form: stored, with its acknowledgement
 * to the business queued in the same transaction and sent once it commits.
 */
export async function receiveCollectionRequest(input: CollectionInput): Promise<string> {
  let id: string
  try {
    const [copy, db] = await Promise.all([getEmailCopy(), getDb()])
    id = await recordCollectionRequest(db, input, (row) => collectionRequestedMail(row, copy))
  } catch (error) {
    // The error's kind only: a failed query's message quotes what was sent.
    throw new CollectionUnavailableError(describeError(error))
  }
  kickOutbox()
  return id
}
