import type { OrderItemRow } from '@/db/schema'

/** A price rise's names in the history, and which devices hold one nobody approved. Pure, for pages and the store. */
export const RISE_EVENTS = { propose: 'propose-rise', approve: 'approve-rise', refuse: 'refuse-rise' } as const

/** Statuses in which a rise offered without approval still matters: the order may yet be paid. */
export const RISE_OPEN_STATUSES: readonly string[] = ['revised', 'accepted', 'payment-failed']

type Priced = Pick<OrderItemRow, 'pricePence' | 'revisedPricePence' | 'offerAnswer' | 'riseApprovedAt'>

/** Devices offered above their quote, kept by the seller, that no manager approved (offered before approvals existed). */
export const offeredWithoutApproval = <T extends Priced>(items: readonly T[]) =>
  items.filter(
    (item) =>
      item.revisedPricePence !== null &&
      item.revisedPricePence > item.pricePence &&
      item.offerAnswer !== 'decline' &&
      !item.riseApprovedAt,
  )
