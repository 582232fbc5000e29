import type { OrderCopy } from '@/content/types'
import { fillTemplate } from '@/lib/templates'

export type StatusNumbers = { holdDays: number; offerDays: number; quarantineDays: number }

/** A status's name and explanation in the content's words, its day counts filled in. */
export function describeStatus(copy: OrderCopy, key: string, numbers: StatusNumbers) {
  const status = copy.statuses.find((candidate) => candidate.key === key)
  return {
    name: status?.name ?? key,
    explanation: status ? fillTemplate(status.explanation, numbers) : '',
  }
}

export function statusNumbers(copy: OrderCopy, holdDays: number): StatusNumbers {
  return { holdDays, offerDays: copy.timings.revisedOfferDays, quarantineDays: copy.timings.quarantineDays }
}
