'use server'

/**
 * The business giving its bank details by the link in its quote's e-mail, with scripts or without:
 * checked as a seller's are, kept sealed once (payment-store.ts); a wrong, forged, used or expired
 * link keeps nothing and says so. The numbers are never sent back in a page.
 */
import 'server-only'
import { getContactInboxCopy, getOrderCopy, getSiteSettings } from '@/content/loaders'
import { getDb } from '@/db/connection'
import { formAction } from '@/forms/form-action'
import { RateLimiter } from '@/http/rate-limit'
import { isOrderProblemCode, orderProblemMessage } from '@/orders/checkout/problems'
import { readPayoutKeys } from '@/payouts/payout-crypto'
import type { PayoutDetails } from '@/payouts/methods'
import { COLLECTION_PAYOUT_METHOD, validateCollectionBank } from './bank-details-validation'
import { BANK_DETAILS_PATH } from './payment-link'
import { giveCollectionBankDetails, readBankLink } from './payment-store'
import { fillTemplate } from '@/lib/templates'

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
    const db = await getDb()
    if (await giveCollectionBankDetails(db, token, details, readPayoutKeys()))
      return { ok: true, redirect: `${BANK_DETAILS_PATH}?saved=1` }
    return { ok: false, errors: (await readBankLink(db, token))?.expired ? 'linkExpired' : 'linkInvalid' }
  },
  words: async () => {
    const [orders, collections, settings] = await Promise.all([
      getOrderCopy(),
      getContactInboxCopy(),
      getSiteSettings(),
    ])
    return (code: string) => {
      if (code === 'linkInvalid') return collections.collectionPayment.invalidLink
      if (code === 'linkExpired')
        return fillTemplate(collections.collectionPayment.expiredLink, { phone: settings.contactPhone })
      return orderProblemMessage(orders, isOrderProblemCode(code) ? code : 'unavailable')
    }
  },
  // The error's kind only: a failed query's message can quote the details.
  name: 'Collection bank details',
})
