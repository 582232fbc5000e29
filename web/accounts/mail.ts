import 'server-only'
import { getEmailCopy, getSiteSettings } from '@/content/loaders'
import { sendMail, type MailMessage } from '@/mail/send'
import { getDb } from '@/db/connection'
import { queueEmails } from '@/mail/queue'
import { kickOutbox } from '@/mail/outbox-kick'
import { renderEmail } from '@/mail/templates'
import { RESET_LINK_SECONDS, VERIFY_LINK_SECONDS } from './lifetimes'
import { currentLinkOrigin } from '@/mail/link-origin'

export type AccountMailKind = 'verifyEmail' | 'existingAccount' | 'resetPassword' | 'passwordChanged' | 'accountDeleted'

// Where each e-mail's button goes; existingAccount points at the login page.
const LINKS: Partial<Record<AccountMailKind, (token: string) => string>> = {
  verifyEmail: (token) => `/confirm-email?token=${encodeURIComponent(token)}`,
  resetPassword: (token) => `/set-new-password?token=${encodeURIComponent(token)}`,
  existingAccount: () => '/login',
}

// How long each link works, as the e-mails state it.
const LIFETIMES = { hours: VERIFY_LINK_SECONDS / 3600, minutes: RESET_LINK_SECONDS / 60 }

/**
 * One account e-mail in the content's words, put in the e-mail outbox (sent after, with retries,
 * as order e-mails are): no request waits for a mail server, so a known address and an unknown
 * one are answered alike. The goodbye after a deletion is the exception, sent at once and kept
 * nowhere, as nothing about the person may stay. A failure is logged by kind only (never the
 * address) and swallowed: the visitor sees the same answer either way, and can ask again.
 */
export async function sendAccountMail(
  kind: AccountMailKind,
  user: { name: string; email: string },
  options: { token?: string } = {},
): Promise<void> {
  try {
    const [copy, settings] = await Promise.all([getEmailCopy(), getSiteSettings()])
    const link = LINKS[kind] ? `${currentLinkOrigin()}${LINKS[kind](options.token ?? '')}` : undefined
    const values = { name: user.name, ...LIFETIMES }
    const message = renderEmail(copy, copy[kind], values, user.email, link)
    if (kind === 'accountDeleted') {
      await sendMail({ ...message, fromName: settings.productName })
      return
    }
    await queueMail(`account-${kind}`, message)
  } catch (error) {
    console.error(
      `Could not send the ${kind} e-mail: ${(error as Error).name}: ${(error as { code?: string }).code ?? ''}`,
    )
  }
}

/** Puts one message in the e-mail outbox and wakes the sender: it goes after the answer, with retries. */
async function queueMail(kind: string, message: MailMessage): Promise<void> {
  await queueEmails(await getDb(), [{ ...message, kind }])
  kickOutbox()
}
