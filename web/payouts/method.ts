import type * as v from 'valibot'
import type { OrderCopy } from '@/content/types'

/**
 * A way of paying a seller: its fields and their rules, the problems they report, what is kept of
 * it and how it is paid. Every method is one of these, registered in methods.ts; the orders' rooms
 * (checkout, the bank-details change, the staff view, payment runs) go through it and name no
 * method's fields. Bank transfer (bank/) is the first.
 */
// The functions are written as methods on purpose: a method's parameters are compared both ways, so
// each method (taking its own details) is also a PayoutMethodAny (methods.ts), which is handed only
// the details of the method an order names.
export type PayoutMethod<Details extends Record<string, string>, Problem extends string = string> = {
  /** What `seller_order.payout_method` holds for an order paid this way. */
  id: string
  /** The checkout word naming it where a seller chooses how to be paid. */
  choice: WordOf<string>
  /** The checkout word (a template of `{last4}`) naming an account of it on pages and in e-mails. */
  shownAs: WordOf<string>
  /** The fields the seller types, in the form's order, each with its rule and how it is shown. */
  fields: readonly FormField<keyof Details & string, v.GenericSchema<unknown, string, v.BaseIssue<unknown>>>[]
  /** Every problem the fields report: each names its words in the Orders document. */
  problems: readonly Problem[]
  /** Fields never sent back in a page after a failed post: they are typed again. */
  secretFields: readonly (keyof Details & string)[]
  /** The details as kept (sealed), from the checked fields, normalised. */
  details(fields: Details): Details
  /** The plain tail kept beside the sealed details, shown as "ending 5678". */
  last4(details: Details): string
  /** What is the same when two sellers give one account: hashed with a key (payout-match.ts). */
  matchKey(details: Details): string
  /** The details staff see when they reveal them: each field in turn, codes set as codes. */
  shown(details: Details): { field: keyof Details & string; value: string; code: boolean }[]
  /**
   * How it is paid: through a payer's API (payer.ts, named by its id), to which the payout job
   * sends each payment on its own when that payer is configured; and whether a manager's payment
   * run and its bank file can pay it too (the route without a provider, and for what the job holds back).
   */
  paidBy: { payer: string; paymentRun: boolean }
}

type CheckoutCopy = OrderCopy['checkout']
/** The names of the checkout's words of one kind (text, or a link). */
export type WordOf<T> = { [K in keyof CheckoutCopy]: CheckoutCopy[K] extends T ? K : never }[keyof CheckoutCopy]

/**
 * How a form shows a field. Its label is the Orders document's checkout word of the field's name;
 * `hint`, `legend` (which starts a group of fields) and `link` (shown with the hint) name others.
 */
export type Shown = {
  type: 'text' | 'email' | 'tel' | 'checkbox'
  autoComplete?: string
  inputMode?: 'numeric'
  /** A narrow field for a short value. */
  short?: boolean
  hint?: WordOf<string | null>
  legend?: WordOf<string>
  link?: WordOf<{ href: string | null } | null>
}

export type FormField<N extends string, R> = { name: N; rule: R } & Shown

/** A field of a form drawn from a list: its name (and label word), its rule and how it is shown. */
export const field = <N extends WordOf<string>, R extends v.GenericSchema<unknown, unknown>>(
  name: N,
  rule: R,
  shown: Shown,
) => ({
  name,
  rule,
  ...shown,
})
