import { REFERENCE_ALPHABET, REFERENCE_PREFIX } from '@/lib/reference-format'
import { recipientAddress, type ReceivedMail } from '@/mail/eml'

const REFERENCE = new RegExp(`${REFERENCE_PREFIX}-[${REFERENCE_ALPHABET}]{4}-[${REFERENCE_ALPHABET}]{4}`, 'g')

/**
 * The order references an e-mail names: every order e-mail names its order, and an account e-mail
 * names none. This is how a message in the outbox folder, which has no order column, is matched
 * to the orders it is about.
 */
export function mentionedReferences(mail: Pick<ReceivedMail, 'subject' | 'text'>): string[] {
  return [...new Set(`${mail.subject}\n${mail.text}`.match(REFERENCE) ?? [])]
}

/** Whether the message went to the address (compared lower-cased, as accounts store theirs). */
export function sentTo(mail: Pick<ReceivedMail, 'to'>, email: string): boolean {
  return recipientAddress(mail.to) === email.toLowerCase()
}

/** Whether answering the message would go to the address: a contact message forwarded to us. */
export function repliesTo(mail: Pick<ReceivedMail, 'replyTo'>, email: string): boolean {
  return mail.replyTo !== undefined && recipientAddress(mail.replyTo) === email.toLowerCase()
}
