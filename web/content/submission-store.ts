import 'server-only'
import { createHash, randomUUID } from 'node:crypto'
import { mkdir, open, readFile, rename } from 'node:fs/promises'
import path from 'node:path'
import type { SanityClient } from '@sanity/client'
import type { ContactInput, NewsletterInput } from '@/lib/forms/validation'
import { readContentSource, type SanitySource } from './env'
import { writeClient } from './sanity-client'

/**
 * Where form submissions go. With Sanity configured: documents at private ids (a "." in the id,
 * so the public API cannot read them), written with a server-only token. Without it: appended to
 * a local NDJSON file in the same document shape, ready for `sanity dataset import`. A call
 * returns only once the write is durable.
 */
export type SubscriptionDocument = {
  _id: string
  _type: 'subscription'
  email: string
  consent: true
  subscribedAt: string
}
export type ContactMessageDocument = {
  _id: string
  _type: 'contactMessage'
  name: string
  email: string
  phone: string | null
  message: string
  receivedAt: string
}
export type StoredSubmission = SubscriptionDocument | ContactMessageDocument
type Stored = StoredSubmission
export type SubscribeResult = 'created' | 'duplicate'

export class StoreUnavailableError extends Error {}

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
  const token = process.env.SANITY_API_WRITE_TOKEN
  if (!token) throw new StoreUnavailableError('SANITY_API_WRITE_TOKEN is not set: submissions cannot be saved.')
  return writeClient(source, token)
}

/** The local file store: appends run one at a time, each flushed to disk before it resolves. */
class LocalStore {
  private queue: Promise<unknown> = Promise.resolve()
  private ids: Promise<Set<string>> | undefined

  constructor(readonly file: string) {}

  append(doc: Stored): Promise<SubscribeResult> {
    const run = this.queue.then(async () => {
      const ids = await this.knownIds()
      if (ids.has(doc._id)) return 'duplicate' as const
      await mkdir(path.dirname(this.file), { recursive: true })
      const handle = await open(this.file, 'a', 0o600)
      try {
        await handle.write(`${JSON.stringify(doc)}\n`)
        await handle.datasync()
      } finally {
        await handle.close()
      }
      ids.add(doc._id)
      return 'created' as const
    })
    this.queue = run.catch(() => undefined)
    return run.catch((error: Error) => {
      throw new StoreUnavailableError(`Could not write ${this.file}: ${error.message}`)
    })
  }

  async matching(email: string): Promise<Stored[]> {
    await this.queue
    return (await this.readDocuments()).filter((doc) => doc.email.toLowerCase() === email)
  }

  /** Rewrites the file without the address's documents: a new file renamed over the old, flushed first. */
  erase(email: string): Promise<number> {
    const run = this.queue.then(async () => {
      const docs = await this.readDocuments()
      const kept = docs.filter((doc) => doc.email.toLowerCase() !== email)
      if (kept.length === docs.length) return 0
      const temporary = `${this.file}.${process.pid}.tmp`
      const handle = await open(temporary, 'w', 0o600)
      try {
        await handle.write(kept.map((doc) => `${JSON.stringify(doc)}\n`).join(''))
        await handle.datasync()
      } finally {
        await handle.close()
      }
      await rename(temporary, this.file)
      this.ids = Promise.resolve(new Set(kept.map((doc) => doc._id)))
      return docs.length - kept.length
    })
    this.queue = run.catch(() => undefined)
    return run
  }

  private async readDocuments(): Promise<Stored[]> {
    const text = await readFile(this.file, 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return ''
      throw error
    })
    return text.split('\n').flatMap((line) => {
      try {
        const doc = JSON.parse(line) as Stored
        return typeof doc?.email === 'string' ? [doc] : []
      } catch {
        return []
      }
    })
  }

  private knownIds(): Promise<Set<string>> {
    this.ids ??= readFile(this.file, 'utf8').then(
      (text) =>
        new Set(
          text
            .split('\n')
            .filter(Boolean)
            .flatMap((line) => {
              try {
                return [(JSON.parse(line) as { _id: string })._id]
              } catch {
                return []
              }
            }),
        ),
      (error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return new Set<string>()
        this.ids = undefined
        throw error
      },
    )
    return this.ids
  }
}

const stores = new Map<string, LocalStore>()
function localStore(): LocalStore {
  // Outside anything the site serves: the repository's .data/ folder unless FORM_STORE_PATH says otherwise.
  const file = path.resolve(process.env.FORM_STORE_PATH || path.join(process.cwd(), '.data', 'submissions.ndjson'))
  let store = stores.get(file)
  if (!store) {
    store = new LocalStore(file)
    stores.set(file, store)
  }
  return store
}
