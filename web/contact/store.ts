import 'server-only'
import { and, asc, desc, eq, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from '@/db/connection'
import { contactMessage, contactMessageEvent, type ContactMessageEventRow, type ContactMessageRow } from '@/db/schema'
import type { ContactInput } from './validation'
import { queueEmails } from '@/mail/queue'
import { contactReceivedMail, type ContactMailContext } from './mail'
import { CONTACT_MOVES, isContactMessageId, type ContactStatus } from './statuses'

const DAY_MS = 24 * 60 * 60 * 1000
// How much of each message the list shows.
const EXCERPT_CHARACTERS = 120

/**
 * A contact message is stored and its e-mail to the business queued in one transaction: either both
 * are kept or neither is. The address is stored lower-cased. The caller wakes the outbox once this
 * returns (the e-mail goes after the commit, with retries).
 */
export async function recordContactMessage(
  db: Db,
  input: ContactInput,
  mail: ContactMailContext,
  now = new Date(),
): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessage)
      .values({
        name: input.name,
        email: input.email.toLowerCase(),
        phone: input.phone,
        message: input.message,
        receivedAt: now,
        statusChangedAt: now,
      })
      .returning()
    await queueEmails(tx, [contactReceivedMail(row!, mail)])
    return row!.id
  })
}

export type ContactListRow = Pick<
  ContactMessageRow,
  'id' | 'name' | 'email' | 'status' | 'receivedAt' | 'statusChangedAt'
> & {
  excerpt: string
}

/** `%`, `_` and the escape itself match only themselves in a LIKE pattern. */
const likeEscaped = (word: string) => word.replace(/[\\%_]/g, (character) => `\\${character}`)

/**
 * The messages for the staff list, newest first: of one status or all, and, when words are given,
 * those where each word is found, whatever its case, in the name, the address or the message.
 */
export async function listContactMessages(
  db: Db,
  filter: { status?: ContactStatus | null; words?: string[] | null },
  limit = 200,
): Promise<ContactListRow[]> {
  const conditions: Array<SQL | undefined> = []
  if (filter.status) conditions.push(eq(contactMessage.status, filter.status))
  for (const word of filter.words ?? []) {
    const pattern = `%${likeEscaped(word)}%`
    conditions.push(
      or(
        ilike(contactMessage.name, pattern),
        ilike(contactMessage.email, pattern),
        ilike(contactMessage.message, pattern),
      ),
    )
  }
  return db
    .select({
      id: contactMessage.id,
      name: contactMessage.name,
      email: contactMessage.email,
      status: contactMessage.status,
      receivedAt: contactMessage.receivedAt,
      statusChangedAt: contactMessage.statusChangedAt,
      excerpt: sql<string>`left(${contactMessage.message}, ${EXCERPT_CHARACTERS})`,
    })
    .from(contactMessage)
    .where(and(...conditions))
    .orderBy(desc(contactMessage.receivedAt), desc(contactMessage.id))
    .limit(limit)
}

export type ContactMessageRecord = ContactMessageRow & { events: ContactMessageEventRow[] }

/** One message with who changed its status and when, oldest change first; null when there is none. */
export async function getContactMessage(db: Db, id: string): Promise<ContactMessageRecord | null> {
  if (!isContactMessageId(id)) return null
  const [row] = await db.select().from(contactMessage).where(eq(contactMessage.id, id))
  if (!row) return null
  const events = await db
    .select()
    .from(contactMessageEvent)
    .where(eq(contactMessageEvent.messageId, id))
    .orderBy(asc(contactMessageEvent.id))
  return { ...row, events }
}

export type StatusChange = {
  id: string
  /** The status the staff member saw: the change is made only from it. */
  from: ContactStatus
  to: ContactStatus
  actor: { userId: string; name: string }
}

export type StatusChangeResult =
  | { ok: true }
  | { ok: false; code: 'notFound' | 'notAllowed' }
  /** Someone changed it first (or this is the same form sent twice): nothing was changed. */
  | { ok: false; code: 'moved'; status: string }

/**
 * Moves a message from the status the staff member saw to another, with an event saying who and
 * when, in one transaction. The update is guarded by the status seen, so of two changes made from
 * one view only the first goes through: the second, and a form sent twice, change nothing.
 */
export async function setContactStatus(db: Db, change: StatusChange, now = new Date()): Promise<StatusChangeResult> {
  if (!isContactMessageId(change.id)) return { ok: false, code: 'notFound' }
  if (!CONTACT_MOVES[change.from].includes(change.to)) return { ok: false, code: 'notAllowed' }
  return db.transaction(async (tx): Promise<StatusChangeResult> => {
    const [moved] = await tx
      .update(contactMessage)
      .set({ status: change.to, statusChangedAt: now })
      .where(and(eq(contactMessage.id, change.id), eq(contactMessage.status, change.from)))
      .returning({ id: contactMessage.id })
    if (!moved) {
      const [current] = await tx
        .select({ status: contactMessage.status })
        .from(contactMessage)
        .where(eq(contactMessage.id, change.id))
      return current ? { ok: false, code: 'moved', status: current.status } : { ok: false, code: 'notFound' }
    }
    await tx.insert(contactMessageEvent).values({
      messageId: change.id,
      at: now,
      actorUserId: change.actor.userId,
      actorName: change.actor.name,
      fromStatus: change.from,
      toStatus: change.to,
    })
    return { ok: true }
  })
}

/**
 * Deletes the messages whose conversation ended (answered, or closed) more than `days` days before
 * `now`, with their history and their e-mail (both go with the message); returns how many went. A
 * message still new waits for its answer; one reopened is new again, and its period starts afresh.
 */
export async function purgeEndedContactMessages(db: Db, days: number, now = new Date()): Promise<number> {
  const closedBefore = new Date(now.getTime() - days * DAY_MS)
  const deleted = await db
    .delete(contactMessage)
    .where(
      and(inArray(contactMessage.status, ['answered', 'closed']), lt(contactMessage.statusChangedAt, closedBefore)),
    )
    .returning({ id: contactMessage.id })
  return deleted.length
}

type Reader = Pick<Db, 'select'>
type Deleter = Pick<Db, 'delete'>

/** Every message sent with the address (compared lower-cased), oldest first: for its owner's data. */
export async function contactMessagesOf(db: Reader, email: string): Promise<ContactMessageRow[]> {
  return db
    .select()
    .from(contactMessage)
    .where(eq(contactMessage.email, email.toLowerCase()))
    .orderBy(asc(contactMessage.receivedAt), asc(contactMessage.id))
}

/**
 * Deletes every message sent with the address, in the caller's transaction when given one; their
 * history and e-mails go with them. Returns how many went.
 */
export async function eraseContactMessagesOf(db: Deleter, email: string): Promise<number> {
  const deleted = await db
    .delete(contactMessage)
    .where(eq(contactMessage.email, email.toLowerCase()))
    .returning({ id: contactMessage.id })
  return deleted.length
}
