// `npm run submissions:move [-- --dry-run]`
// One-off: moves the newsletter sign-ups and contact messages the site used to keep outside the
// database (Sanity documents at private ids, with a project configured and SANITY_API_WRITE_TOKEN
// set; otherwise `.data/submissions.ndjson`, or FORM_STORE_PATH) into PostgreSQL, then deletes them
// where they were, and says what it moved. Safe to run again: what is already in the database is
// not added twice. A sign-up is moved as confirmed, from the date it was made: the old form asked
// for consent with a tick box, and that consent stands; from now on every new one is confirmed by
// e-mail. A moved message is "new" in /admin: nobody was told of it when it came.
import { createHash } from 'node:crypto'
import { readFile, rm } from 'node:fs/promises'
import { parseArgs } from 'node:util'
import { formStorePath, readContentSource, sanityWriteToken } from '@/config'
import { writeClient } from '@/content/sanity-client'
import { openDatabase } from '@/db/connection'
import { contactMessage, subscription } from '@/db/schema'

type OldSubscription = { _id: string; _type: 'subscription'; email: string; subscribedAt: string }
type OldMessage = {
  _id: string
  _type: 'contactMessage'
  name: string
  email: string
  phone?: string | null
  message: string
  receivedAt: string
}
type OldDocument = OldSubscription | OldMessage

const OLD_DOCUMENTS = '*[_type in ["subscription", "contactMessage"]]'

/** The same id for the same old document every run, so a second run adds nothing twice. */
function stableId(oldId: string): string {
  const hex = createHash('sha256').update(`handback submission ${oldId}`).digest('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}

const isDocument = (doc: Partial<OldDocument>): doc is OldDocument =>
  typeof doc.email === 'string' &&
  typeof doc._id === 'string' &&
  (doc._type === 'subscription' || (doc._type === 'contactMessage' && typeof doc.message === 'string'))

async function readSource(): Promise<{ where: string; docs: OldDocument[]; remove: () => Promise<void> }> {
  const source = readContentSource()
  if (source.kind === 'sanity') {
    const token = sanityWriteToken()
    if (!token) throw new Error('SANITY_API_WRITE_TOKEN must be set to read and delete the old submissions.')
    const client = writeClient(source, token)
    const docs = (await client.fetch<Partial<OldDocument>[]>(OLD_DOCUMENTS, {}, { perspective: 'raw' })).filter(
      isDocument,
    )
    return {
      where: `Sanity dataset "${source.dataset}"`,
      docs,
      remove: async () => {
        if (docs.length) await docs.reduce((tx, doc) => tx.delete(doc._id), client.transaction()).commit()
      },
    }
  }
  const file = formStorePath()
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return ''
    throw error
  })
  const docs = text.split('\n').flatMap((line) => {
    try {
      const doc = JSON.parse(line) as Partial<OldDocument>
      return isDocument(doc) ? [doc] : []
    } catch {
      return []
    }
  })
  return { where: file, docs, remove: () => rm(file, { force: true }) }
}

async function main() {
  const { values } = parseArgs({ options: { 'dry-run': { type: 'boolean' } } })
  const { where, docs, remove } = await readSource()
  const subscriptions = docs.filter((doc): doc is OldSubscription => doc._type === 'subscription')
  const messages = docs.filter((doc): doc is OldMessage => doc._type === 'contactMessage')
  console.log(
    `Found in ${where}: ${subscriptions.length} newsletter sign-up(s), ${messages.length} contact message(s).`,
  )
  if (values['dry-run'] || !docs.length) return

  const { db, close } = await openDatabase()
  try {
    const added = await db.transaction(async (tx) => {
      const signUps = subscriptions.length
        ? await tx
            .insert(subscription)
            .values(
              subscriptions.map((doc) => {
                const at = new Date(doc.subscribedAt)
                return { topic: 'newsletter', email: doc.email.toLowerCase(), requestedAt: at, confirmedAt: at }
              }),
            )
            .onConflictDoNothing()
            .returning({ id: subscription.id })
        : []
      const received = messages.length
        ? await tx
            .insert(contactMessage)
            .values(
              messages.map((doc) => ({
                id: stableId(doc._id),
                name: doc.name,
                email: doc.email.toLowerCase(),
                phone: doc.phone || null,
                message: doc.message,
                receivedAt: new Date(doc.receivedAt),
                statusChangedAt: new Date(doc.receivedAt),
              })),
            )
            .onConflictDoNothing()
            .returning({ id: contactMessage.id })
        : []
      return { signUps: signUps.length, messages: received.length }
    })
    console.log(
      `Moved ${added.signUps} sign-up(s) and ${added.messages} message(s) into the database ` +
        `(${subscriptions.length - added.signUps} and ${messages.length - added.messages} were there already).`,
    )
    // Only once the database holds them all: a failure before this leaves the old copies in place.
    await remove()
    console.log(`Deleted the ${docs.length} old submission(s) from ${where}.`)
  } finally {
    await close()
  }
}

main().catch((error: Error) => {
  console.error(`submissions:move failed: ${error.message}`)
  process.exitCode = 1
})
