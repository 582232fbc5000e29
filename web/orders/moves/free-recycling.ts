import type { MoveName } from '@/orders/record/lifecycle'

/**
 * A free recycling order (a £0 staff offer accepted; web/orders/manual-offers/) is never paid: it
 * has no payout details, and its device is taken for recycling instead. So paying it, revising its
 * price or paying for it as lost in our care are refused, and taking for recycling is refused for
 * any order with a price. Pure, so the order's page offers only the moves that can be made.
 */
const PAID_ONLY: readonly MoveName[] = ['pay', 'revise', 'loseInCare']
const FREE_ONLY: readonly MoveName[] = ['recycle']

/** What refuses `move` for an order of `totalPence`: null when nothing does. */
export function freeRecyclingBlock(move: MoveName, totalPence: number): 'freeOrder' | 'notFreeOrder' | null {
  if (totalPence === 0 && PAID_ONLY.includes(move)) return 'freeOrder'
  if (totalPence !== 0 && FREE_ONLY.includes(move)) return 'notFreeOrder'
  return null
}

/** Whether `move` is one the order's price decides (the guard in its update says the same). */
export const pricedMove = (move: MoveName) => PAID_ONLY.includes(move) || FREE_ONLY.includes(move)
export const freeOnlyMove = (move: MoveName) => FREE_ONLY.includes(move)
