/**
 * Return labels' form, pure: the name of each order's box on the returns list and what a print
 * asks for (the order ids chosen, each once, at most one print run's worth).
 */
import { isUuid } from '@/lib/uuid'

/** As many as the list shows on a page, and then some: one print run. */
export const RETURN_LABELS_MAX = 200
/** The name of each order's box on the list: its id, repeated in the address as a GET form sends it. */
export const RETURN_LABEL_FIELD = 'order'

/** The order ids chosen, each once, in the order sent; anything that is not an id is left out. */
export function chosenOrders(params: URLSearchParams): string[] {
  return [...new Set(params.getAll(RETURN_LABEL_FIELD).filter(isUuid))].slice(0, RETURN_LABELS_MAX)
}
