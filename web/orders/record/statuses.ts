import type { OrderCopy } from '@/content/types'

/** A status's name and explanation in the content's words (the loader wrote its day counts in). */
export function describeStatus(copy: OrderCopy, key: string) {
  const status = copy.statuses.find((candidate) => candidate.key === key)
  return { name: status?.name ?? key, explanation: status?.explanation ?? '' }
}
