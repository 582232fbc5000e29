import 'server-only'
import { getEmailCopy, getSiteSettings } from '@/content/loaders'
import { sendMail } from '@/mail/send'
import { renderEmail } from '@/mail/templates'
import { RESET_LINK_SECONDS, VERIFY_LINK_SECONDS } from './lifetimes'
import { currentLinkOrigin } from './link-origin'

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
 * Sends one account e-mail in the content's words. A failure to send is logged by kind only (never
 * the address) and swallowed: the visitor sees the same answer either way, and can ask again.
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
    await sendMail({ ...message, fromName: settings.productName })
  } catch (error) {
    console.error(
      `Could not send the ${kind} e-mail: ${(error as Error).name}: ${(error as { code?: string }).code ?? ''}`,
    )
  }
}
