'use server'

/**
 * The business giving its bank details by the link in its quote's e-mail, with scripts or without:
 * checked as a seller's are, kept sealed once (payment-store.ts); a wrong, forged or used link
 * keeps nothing and says so. The numbers are never sent back in a page.
 */
import 'server-only'
import { getContactInboxCopy, getOrderCopy } from '@/content/loaders'
import { getDb } from '@/db/connection'
import { formAction } from '@/forms/form-action'
import { RateLimiter } from '@/http/rate-limit'
import { isOrderProblemCode, orderProblemMessage } from '@/orders/checkout/problems'
import { readPayoutKeys } from '@/payouts/payout-crypto'
import type { PayoutDetails } from '@/payouts/methods'
import { COLLECTION_PAYOUT_METHOD, validateCollectionBank } from './bank-details-validation'
import { BANK_DETAILS_PATH } from './payment-link'
import { giveCollectionBankDetails } from './payment-store'

export const collectionBankForm = formAction<{ details: PayoutDetails; token: string }, string>({
  limiter: new RateLimiter('collection-bank-details', 10, 15 * 60 * 1000),
  page: BANK_DETAILS_PATH,
  validate: (body) => {
    const checked = validateCollectionBank(body)
    if (!checked.ok) return checked
    return { ok: true, value: { details: checked.value, token: body.token ?? '' } }
  },
  secret: COLLECTION_PAYOUT_METHOD.secretFields,
  run: async ({ token, details }) => {
    const kept = await giveCollectionBankDetails(await getDb(), token, details, readPayoutKeys())
    return kept ? { ok: true, redirect: `${BANK_DETAILS_PATH}?saved=1` } : { ok: false, errors: 'linkInvalid' }
  },
  words: async () => {
    const [orders, collections] = await Promise.all([getOrderCopy(), getContactInboxCopy()])
    return (code: string) => {
      if (code === 'linkInvalid') return collections.collectionPayment.invalidLink
      return orderProblemMessage(orders, isOrderProblemCode(code) ? code : 'unavailable')
    }
  },
  // The error's kind only: a failed query's message can quote the details.
  name: 'Collection bank details',
})
