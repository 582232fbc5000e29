import type { OrderCopy } from '@/content/types'
import type { OrderStatus } from '@/orders/lifecycle'

/** A status's name and explanation in the content's words (the loader wrote its day counts in). */
export function describeStatus(copy: OrderCopy, key: string) {
  const status = copy.statuses.find((candidate) => candidate.key === key)
  return { name: status?.name ?? key, explanation: status?.explanation ?? '' }
}

// The Studio lists the status keys editors write words for, and the lifecycle the statuses an
// order can have: a key added to one list and not the other stops this file compiling.
type StatusKey = OrderCopy['statuses'][number]['key']
export const STATUS_KEYS_AGREE: [StatusKey] extends [OrderStatus]
  ? [OrderStatus] extends [StatusKey]
    ? true
    : never
  : never = true
