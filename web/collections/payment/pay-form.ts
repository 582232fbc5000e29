'use server'

/**
 * A manager paying a collection's quote by bank transfer, from its staff page, with scripts or
 * without: through the payments provider orders are paid by (its stand-in locally), once however
 * often it is pressed (payment-store.ts). Anyone who is not an active manager, and any post from
 * another site, meets the 404 and nothing is paid. Paid, the manager goes back (303) saying so.
 */
import 'server-only'
import { notFound } from 'next/navigation'
import { activeStaffFrom, type StaffMember } from '@/accounts/session'
import { getContactInboxCopy, getEmailCopy } from '@/content/loaders'
import { getDb } from '@/db/connection'
import { formAction, type Outcome } from '@/forms/form-action'
import { kickOutbox } from '@/mail/outbox-kick'
import { payerFor } from '@/payouts/payers'
import { readPayoutKeys } from '@/payouts/payout-crypto'
import { sitePayers } from '@/payouts/site-payers'
import { COLLECTION_PAYOUT_METHOD } from './bank-details-validation'
import { bankLinkMailer } from './link-mail'
import { collectionRemittanceMail } from '../mail'
import { payCollection } from './payment-store'
import { collectionRequestPath, isCollectionRequestId } from '../statuses'

type PayProblem = 'notPayable' | 'noBankDetails' | 'payFailed' | 'noPayer' | 'payReturned'

/** A manager with two-step login on; staff, and everyone else, get the 404. */
async function activeManagerFrom(incoming: Headers): Promise<StaffMember | null> {
  const member = await activeStaffFrom(incoming)
  return member?.user.role === 'manager' ? member : null
}

export const collectionPayForm = formAction<string, PayProblem, never, StaffMember>({
  page: (body) => collectionRequestPath(isCollectionRequestId(body.id ?? '') ? (body.id ?? '') : ''),
  only: activeManagerFrom,
  validate: ({ id = '' }) => {
    if (!isCollectionRequestId(id)) notFound()
    return { ok: true, value: id }
  },
  run: async (id, { who }): Promise<Outcome<PayProblem>> => {
    const payer = payerFor(sitePayers(), COLLECTION_PAYOUT_METHOD)
    if (!payer) return { ok: false, errors: 'noPayer' }
    const copy = await getEmailCopy()
    const outcome = await payCollection(
      await getDb(),
      id,
      { actor: 'manager', userId: who.user.id },
      {
        payer,
        keys: readPayoutKeys(),
        mail: (request, quote, payment) => collectionRemittanceMail(request, quote, payment, copy),
        linkMail: bankLinkMailer(copy),
      },
    )
    if (outcome.kind === 'paid' || outcome.kind === 'returned') kickOutbox()
    if (outcome.kind === 'returned') return { ok: false, errors: 'payReturned' }
    if (outcome.kind === 'paid' || outcome.kind === 'already')
      return { ok: true, redirect: `${collectionRequestPath(id)}?paid=1` }
    if (outcome.kind === 'failed') return { ok: false, errors: 'payFailed' }
    if (outcome.code === 'notFound') notFound()
    return { ok: false, errors: outcome.code }
  },
  words: async () => {
    const copy = (await getContactInboxCopy()).collectionPayment
    return (code) =>
      code === 'notPayable' ||
      code === 'noBankDetails' ||
      code === 'payFailed' ||
      code === 'noPayer' ||
      code === 'payReturned'
        ? copy[code]
        : copy.payFailed
  },
  // The error's kind only.
  name: 'Collection payment',
})
