import 'server-only'
import { getSiteSettings } from '@/content/loaders'
import { linkOrigin } from '@/mail/link-origin'
import { orderMail } from '@/orders/record/mail'
import { loadOrderMailContext } from '@/orders/record/mail-context'
import { businessCalendar } from '@/orders/record/business-calendar'
import { sitePayers } from '@/payouts/site-payers'
import { readPayoutKeys } from '@/payouts/payout-crypto'
import type { PayoutContext } from './payout-job'
import type { Emails } from './payment-store'

/** The payout job's and the webhooks' world: the cut-off and the calendar from the content, the keys, the payers, the e-mails. */

/** The seller's e-mails for a payment's end: paid (the bank confirmed it), or failed (check your details). */
export async function payoutEmails(): Promise<Emails> {
  const mail = await loadOrderMailContext(linkOrigin())
  return {
    paid: (order) => orderMail('paid', order, mail),
    failed: (order) => orderMail('paymentFailed', order, mail),
  }
}

/** When and through whom the job pays: the cut-off and the calendar from the content, the payers configured. */
export async function payoutRules(): Promise<Pick<PayoutContext, 'cutoff' | 'calendar' | 'payers'>> {
  const [settings, calendar] = await Promise.all([getSiteSettings(), businessCalendar()])
  return { cutoff: settings.paymentCutoff, calendar, payers: sitePayers() }
}

export async function payoutContext(): Promise<PayoutContext> {
  const [rules, emails] = await Promise.all([payoutRules(), payoutEmails()])
  return { ...rules, keys: readPayoutKeys(), emails }
}
