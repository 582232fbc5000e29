import 'server-only'
import type { Db } from '@/db/connection'
import { emailOutbox } from '@/db/schema'
import type { MailMessage } from './send'

type Writer = Pick<Db, 'insert'>
/** A message and what it is about: the order, contact message or collection request it belongs to, when there is one. */
export type QueuedEmail = MailMessage & {
  kind: string
  orderId?: string
  contactMessageId?: string
  collectionRequestId?: string
}

/**
 * Puts messages in the e-mail outbox, in the caller's transaction when it has one: they go once it
 * commits (the sender is woken by kickOutbox, or finds them on its next tick), with retries.
 */
export async function queueEmails(db: Writer, emails: QueuedEmail[]): Promise<void> {
  if (!emails.length) return
  await db.insert(emailOutbox).values(
    emails.map((email) => ({
      orderId: email.orderId ?? null,
      kind: email.kind,
      toAddress: email.to,
      subject: email.subject,
      textBody: email.text,
      htmlBody: email.html,
      replyTo: email.replyTo ?? null,
      listUnsubscribe: email.listUnsubscribe ?? null,
      contactMessageId: email.contactMessageId ?? null,
      collectionRequestId: email.collectionRequestId ?? null,
      // The database's now() has microseconds; the sender asks for what is due by the millisecond.
      nextAttemptAt: new Date(),
    })),
  )
}
