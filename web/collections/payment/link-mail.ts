/** The e-mail with a business's new bank details link, its link on this site's origin: for the pay and link forms. */
import 'server-only'
import type { EmailCopy } from '@/content/types'
import { linkOrigin } from '@/mail/link-origin'
import { collectionBankLinkMail } from '../mail'
import { bankLinkPath } from './payment-link'
import type { BankLinkMail } from './payment-returns'

export function bankLinkMailer(copy: EmailCopy): BankLinkMail {
  const origin = linkOrigin()
  return (request, payment, token, why) =>
    collectionBankLinkMail(request, payment, copy, why, origin + bankLinkPath(token))
}
