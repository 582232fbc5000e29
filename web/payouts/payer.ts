/**
 * A service that pays sellers by API (a payments provider's Faster Payments, PayPal Payouts), behind
 * one shape. A method paid this way names its payer (method.ts `paidBy`); the payout job
 * (web/orders/payouts/) sends each payment through it and hears the outcome by its webhook, or reads
 * it back by id. Every payer has a local stand-in the site starts on its own, as the register has.
 */

/** Where a payment is: with the payer and not final yet, or its final outcome. */
export type PaymentStatus = 'accepted' | 'settled' | 'rejected' | 'returned'

/** The payer's answer about one payment: its id with the payer, where it is, and why when it failed. */
export type PaymentAnswer = {
  id: string
  status: PaymentStatus
  /** The payer's reason for a rejection or a return, as it gave it (staff see it; sellers do not). */
  reason: string | null
}

/** One payment to send. `details` are the method's own (opened only to be sent). */
export type PaymentRequest<Details> = {
  /**
   * The same on every retry of this payment and different for a deliberate second attempt: the
   * payer answers a key it has seen with the first payment, so a retry never pays twice.
   */
  idempotencyKey: string
  amountPence: number
  /** Shown on the seller's statement (18 characters at most): the order's reference. */
  reference: string
  details: Details
}

/** What a verified webhook says happened to a payment. */
export type PaymentEvent = { eventId: string; payment: PaymentAnswer }

/** What the payer said when it was asked: an answer, or that it could not be reached (try again later). */
export type PayerReply<T> = { ok: true; value: T } | { ok: false; reason: 'unavailable' | 'refused'; detail: string }

export type Payer<Details> = {
  /** The payer's name as kept with each payment (`provider_payment.payer`). */
  id: string
  /** Sends a payment; the same key answers the first payment again. */
  send(request: PaymentRequest<Details>): Promise<PayerReply<PaymentAnswer>>
  /** Reads a payment back by the payer's id: the only truth when a webhook was lost. */
  read(id: string): Promise<PayerReply<PaymentAnswer>>
  /** The event a webhook carries, when its signature is the payer's; null for anything else. */
  verifyWebhook(rawBody: string, headers: Headers): PaymentEvent | null
}
