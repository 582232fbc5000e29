/**
 * The stock pages' words for the ledger's values: a state, an erasure's level and result, and a
 * line of a device's history, from the Orders document's Stock group. Pure.
 */
import type { OrderCopy } from '@/content/types'
import { formatPence } from '@/lib/money'
import { fillTemplate } from '@/lib/templates'

type StockCopy = OrderCopy['stock']

/** A state in the content's words; the key itself for one it does not know. */
export function stateName(text: StockCopy, state: string): string {
  const words: Record<string, string> = {
    'in-stock': text.stateInStock,
    listed: text.stateListed,
    sold: text.stateSold,
    refurbisher: text.stateRefurbisher,
    recycled: text.stateRecycled,
  }
  return words[state] ?? state
}

export function levelName(text: StockCopy, level: string): string {
  return level === 'clear' ? text.levelClear : level === 'destroy' ? text.levelDestroy : text.levelPurge
}

export function erasureName(text: StockCopy, erasure: 'passed' | 'failed' | null): string {
  return erasure === 'passed' ? text.erasurePassed : erasure === 'failed' ? text.erasureFailed : text.erasureNone
}

/** One event of a device's history, as a sentence. */
export function eventText(
  text: StockCopy,
  event: {
    action: string
    location: string | null
    counterparty: string | null
    pricePence: number | null
    wasteNote: string | null
  },
): string {
  const to = event.counterparty ?? ''
  switch (event.action) {
    case 'locate':
      return fillTemplate(text.eventLocate, { location: event.location ?? '' })
    case 'list':
      return text.eventList
    case 'unlist':
      return text.eventUnlist
    case 'sell':
      return fillTemplate(text.eventSell, { to, price: formatPence(event.pricePence ?? 0) })
    case 'refurbish':
      return fillTemplate(text.eventRefurbish, { to })
    case 'recycle':
      return fillTemplate(text.eventRecycle, { to, note: event.wasteNote ?? '' })
    default:
      return text.eventIntake
  }
}
