import type { OrderItemRow } from '@/db/schema'

/** A late parcel's names in the history, and which of its devices are offered today's price. Pure, for pages and the store. */
export const LATE_EVENTS = { revalue: 'revalue-late', offer: 'offer-late' } as const

type Late = Pick<
  OrderItemRow,
  'latePricePence' | 'pricePence' | 'gradeKey' | 'foundGradeKey' | 'revisedPricePence' | 'proposedPricePence'
>

/**
 * The devices of a checked late parcel whose price today differs from the quote and whose check
 * found the grade chosen, not yet offered or proposed another price: what the seller is asked to
 * confirm (a rise past the editors' threshold once a manager approves it). The same price today is
 * the quote, and nothing is asked.
 */
export const lateChanges = <T extends Late>(items: readonly T[]) =>
  items.filter(
    (item): item is T & { latePricePence: number } =>
      item.latePricePence !== null &&
      item.latePricePence !== item.pricePence &&
      item.foundGradeKey === item.gradeKey &&
      item.revisedPricePence === null &&
      item.proposedPricePence === null,
  )

/** Whether the order was received after its price hold ended (its devices were valued again). */
export const receivedLate = (
  items: readonly Pick<OrderItemRow, 'latePricePence'>[],
  events: readonly { action: string }[],
) => events.some((event) => event.action === LATE_EVENTS.revalue) || items.some((item) => item.latePricePence !== null)
