/**
 * The payment a quote opens when its total is above £0 (payment-store.ts pays it): the business's
 * private link for its bank details, an unguessable token kept only as its hash, and the page it
 * opens. Here, apart, because the quote's sending opens it and the payment reads the quote.
 */
import 'server-only'
import { createHash, randomBytes } from 'node:crypto'
import { collectionPayment } from '@/db/schema'
import type { Tx } from '@/orders/moves/move-store'

/** The page where the business gives its bank details; the quote's e-mail links to it with the token. */
export const BANK_DETAILS_PATH = '/collection-bank-details'
export const bankLinkPath = (token: string) => `${BANK_DETAILS_PATH}?token=${encodeURIComponent(token)}`

export const hashBankLinkToken = (token: string) => createHash('sha256').update(token).digest('hex')

/** The reference on the business's statement: COL and the request's first 12 hexadecimal digits. */
export const collectionPaymentReference = (requestId: string) =>
  `COL-${requestId.replace(/-/g, '').slice(0, 12).toUpperCase()}`

/** Opens the payment of a quote sent with `amountPence` (above 0), in the sending transaction: the link's token. */
export async function openCollectionPayment(tx: Tx, requestId: string, amountPence: number): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  await tx.insert(collectionPayment).values({
    requestId,
    amountPence,
    tokenHash: hashBankLinkToken(token),
    idempotencyKey: `collection.${requestId}`,
    reference: collectionPaymentReference(requestId),
  })
  return token
}
