import 'server-only'
import { createHash, randomUUID } from 'node:crypto'
import type { SanityClient } from '@sanity/client'
import type { ContactInput, NewsletterInput } from '@/forms/validation'
import { readContentSource, sanityWriteToken, type SanitySource } from '@/config'
import { localStore } from './local-submission-store'
import {
  StoreUnavailableError,
  type ContactMessageDocument,
  type StoredSubmission,
  type SubscribeResult,
  type SubscriptionDocument,
} from './submission-types'
import { writeClient } from './sanity-client'

/**
 * Where form submissions go. With Sanity configured: documents at private ids (a "." in the id,
 * so the public API cannot read them), written with a server-only token. Without it: appended to
 * a local NDJSON file in the same document shape, ready for `sanity dataset import`. A call
 * returns only once the write is durable.
 */
type Stored = StoredSubmission

// The id comes from a hash of the address, so signing up twice lands on one document, and the
// address itself never appears in an id (Sanity keeps every id it has seen).
export function subscriptionId(email: string): string {
  return `subscription.${createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 40)}`
}

export async function storeSubscription({ email }: NewsletterInput, now = new Date()): Promise<SubscribeResult> {
  const doc: SubscriptionDocument = {
    _id: subscriptionId(email),
    _type: 'subscription',
    email,
    consent: true,
    subscribedAt: now.toISOString(),
  }
  const source = readContentSource()
  if (source.kind === 'sanity') return createOnce(submissionClient(source), doc)
  return localStore().append(doc)
}

export async function storeContactMessage(input: ContactInput, now = new Date()): Promise<void> {
  const doc: ContactMessageDocument = {
    _id: `contactMessage.${randomUUID()}`,
    _type: 'contactMessage',
    ...input,
    receivedAt: now.toISOString(),
  }
  const source = readContentSource()
  if (source.kind === 'sanity') {
    await createOnce(submissionClient(source), doc)
    return
  }
  await localStore().append(doc)
}

// Compared lower-cased, as sign-ups are: "Jo@Example.com" and "jo@example.com" are one person.
const SUBMISSIONS_BY_EMAIL = '*[_type in ["subscription", "contactMessage"] && lower(email) == $email] | order(_id)'

/** Every newsletter sign-up and contact message sent with the address, for its owner's data download. */
export async function findSubmissionsByEmail(email: string): Promise<StoredSubmission[]> {
  const source = readContentSource()
  const address = email.toLowerCase()
  if (source.kind === 'sanity') {
    return submissionClient(source).fetch<StoredSubmission[]>(
      SUBMISSIONS_BY_EMAIL,
      { email: address },
      { perspective: 'raw', useCdn: false },
    )
  }
  return localStore().matching(address)
}

/** Deletes every sign-up and contact message sent with the address; returns how many went. */
export async function eraseSubmissionsByEmail(email: string): Promise<number> {
  const source = readContentSource()
  const address = email.toLowerCase()
  if (source.kind === 'sanity') {
    const client = submissionClient(source)
    const found = await findSubmissionsByEmail(address)
    if (!found.length) return 0
    await found
      .reduce((transaction, doc) => transaction.delete(doc._id), client.transaction())
      .commit({
        visibility: 'sync',
      })
    return found.length
  }
  return localStore().erase(address)
}

async function createOnce<D extends Stored>(client: SanityClient, doc: D): Promise<SubscribeResult> {
  try {
    await client.create<Record<string, unknown>>(doc, { visibility: 'sync' })
    return 'created'
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 409) return 'duplicate'
    throw new StoreUnavailableError(`Sanity refused the ${doc._type}: ${(error as Error).message}`)
  }
}

function submissionClient(source: SanitySource): SanityClient {
  const token = sanityWriteToken()
  if (!token) throw new StoreUnavailableError('SANITY_API_WRITE_TOKEN is not set: submissions cannot be saved.')
  return writeClient(source, token)
}
