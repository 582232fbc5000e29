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

/**
 * How many days a bank details link works from when it was sent: long enough for a business's
 * accounts team to answer, short enough that an old e-mail found later opens nothing. The e-mails
 * that carry a link say it with {days}; staff send a new link when one has expired.
 */
export const BANK_LINK_DAYS = 30

/** The link issued at `issuedAt` no longer opens. */
export const bankLinkExpired = (issuedAt: Date, now: Date) =>
  now.getTime() - issuedAt.getTime() > BANK_LINK_DAYS * 24 * 60 * 60 * 1000

/** A new link's token, for the e-mail, and its hash, for the row. */
export function newBankLinkToken() {
  const token = randomBytes(32).toString('base64url')
  return { token, tokenHash: hashBankLinkToken(token) }
}

/**
 * The key the payer knows this payment's attempt by: the quote's, then the quote's and the attempt's
 * after a return, so the provider does not answer a new payment with the returned one.
 */
export const paymentKeyOf = (row: { idempotencyKey: string; attempt: number }) =>
  row.attempt === 1 ? row.idempotencyKey : `${row.idempotencyKey}.${row.attempt}`

/** The reference on the business's statement: COL and the request's first 12 hexadecimal digits. */
export const collectionPaymentReference = (requestId: string) =>
  `COL-${requestId.replace(/-/g, '').slice(0, 12).toUpperCase()}`

/** Opens the payment of a quote sent with `amountPence` (above 0), in the sending transaction: the link's token. */
export async function openCollectionPayment(tx: Tx, requestId: string, amountPence: number): Promise<string> {
  const { token, tokenHash } = newBankLinkToken()
  await tx.insert(collectionPayment).values({
    requestId,
    amountPence,
    tokenHash,
    idempotencyKey: `collection.${requestId}`,
    reference: collectionPaymentReference(requestId),
  })
  return token
}
