'use server'

/**
 * The business giving its bank details by the link in its quote's e-mail, with scripts or without:
 * checked as a seller's are (Confirmation of Payee included: a close match or a no match is asked
 * about, as at a seller's checkout, never kept silently), kept sealed once (payment-store.ts); a wrong, forged, used or expired
 * link keeps nothing and says so. The numbers are never sent back in a page.
 */
import 'server-only'
import { getContactInboxCopy, getOrderCopy, getSiteSettings } from '@/content/loaders'
import { getDb } from '@/db/connection'
import { formAction } from '@/forms/form-action'
import { RateLimiter } from '@/http/rate-limit'
import { payeeQuestion } from '@/orders/checkout/payee-question'
import { isOrderProblemCode, orderProblemMessage } from '@/orders/checkout/problems'
import { checkPayout } from '@/payouts/payee-check'
import { readPayoutKeys } from '@/payouts/payout-crypto'
import type { PayoutDetails } from '@/payouts/methods'
import { COLLECTION_PAYOUT_METHOD, validateCollectionBank } from './bank-details-validation'
import { BANK_DETAILS_PATH } from './payment-link'
import { giveCollectionBankDetails, readBankLink } from './payment-store'
import { fillTemplate } from '@/lib/templates'

type BankInput = { details: PayoutDetails; token: string; payee: { token?: string; choice?: string } }

export const collectionBankForm = formAction<BankInput, string>({
  limiter: new RateLimiter('collection-bank-details', 10, 15 * 60 * 1000),
  page: BANK_DETAILS_PATH,
  validate: (body) => {
    const checked = validateCollectionBank(body)
    if (!checked.ok) return checked
    const payee = { token: body.payeeToken, choice: body.payeeChoice }
    return { ok: true, value: { details: checked.value, token: body.token ?? '', payee } }
  },
  secret: COLLECTION_PAYOUT_METHOD.secretFields,
  run: async ({ token, details, payee }) => {
    const db = await getDb()
    const link = await readBankLink(db, token)
    if (!link || link.expired) return { ok: false, errors: link?.expired ? 'linkExpired' : 'linkInvalid' }
    // Confirmation of Payee, as a seller's checkout asks it: a close match or a no match is asked about.
    const keys = readPayoutKeys()
    const checked = await checkPayout({ methodId: COLLECTION_PAYOUT_METHOD.id, details, keys, ...payee })
    if (checked.kind === 'ask') return payeeQuestion(checked)
    if (await giveCollectionBankDetails(db, token, checked.details, checked.record, keys))
      return { ok: true, redirect: `${BANK_DETAILS_PATH}?saved=1` }
    return { ok: false, errors: (await readBankLink(db, token))?.expired ? 'linkExpired' : 'linkInvalid' }
  },
  words: async () => {
    const [orders, collections, settings] = await Promise.all([
      getOrderCopy(),
      getContactInboxCopy(),
      getSiteSettings(),
    ])
    return (code: string, fill?: Record<string, string | number>) => {
      if (code === 'linkInvalid') return collections.collectionPayment.invalidLink
      if (code === 'linkExpired')
        return fillTemplate(collections.collectionPayment.expiredLink, { phone: settings.contactPhone })
      const known = isOrderProblemCode(code) ? code : 'unavailable'
      return orderProblemMessage(orders, known, 60, 0, String(fill?.bankName ?? ''))
    }
  },
  // The error's kind only: a failed query's message can quote the details.
  name: 'Collection bank details',
})
