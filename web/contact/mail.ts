import type { EmailCopy } from '@/content/types'
import type { QueuedEmail } from '@/mail/queue'
import { renderEmail } from '@/mail/templates'
import { contactMessagePath } from './statuses'

/** The E-mails document, the business's own address (Site settings) and where links start. */
export type ContactMailContext = { copy: EmailCopy; to: string; origin: string }

type Received = { id: string; name: string; email: string; phone: string | null; message: string }

/**
 * The message, forwarded to the business in the content's words: answering it replies to the
 * sender, and its button opens the message in the staff pages.
 */
export function contactReceivedMail(message: Received, { copy, to, origin }: ContactMailContext): QueuedEmail {
  const values = {
    senderName: message.name,
    senderEmail: message.email,
    senderPhone: message.phone ?? copy.contactNoPhone,
    message: message.message,
  }
  const link = `${origin}${contactMessagePath(message.id)}`
  // To the business itself: no sign-off, and the staff footer, not the one that tells a customer why they hear from us.
  const frame = { greeting: copy.greetingNoName, signOff: '', footer: copy.staffFooter }
  const rendered = renderEmail(frame, copy.contactReceived, values, to, link)
  return { ...rendered, kind: 'contact-received', replyTo: message.email, contactMessageId: message.id }
}
