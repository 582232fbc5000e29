import * as v from 'valibot'
import { oneLine } from '@/forms/schema'
import { normalisePostcode } from '@/lib/uk-formats'
import { isOrderStatus, type OrderStatus } from '@/orders/lifecycle'
import { normaliseReference } from '@/orders/references'

/** The staff list's filter, as its address gives it: what was searched for, and which status. */
export type OrderSearch = { reference?: string; email?: string; postcode?: string }

/**
 * The list's search box: an e-mail address (it has an "@"), an order reference or a postcode,
 * however typed. Anything else matches nothing, so it is `{}` rather than null (no filter).
 */
export function parseOrderSearch(typed: string | undefined): OrderSearch | null {
  const value = v.parse(oneLine, typed)
  if (!value) return null
  if (value.includes('@')) return { email: value.toLowerCase() }
  const reference = normaliseReference(value)
  if (reference) return { reference }
  const postcode = normalisePostcode(value)
  return postcode ? { postcode } : {}
}

export const parseStatusFilter = (typed: string | undefined): OrderStatus | null =>
  typed && isOrderStatus(typed) ? typed : null
