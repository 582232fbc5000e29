'use client'

import { useEffect } from 'react'
import { forgetBasket } from './basket-store'

/**
 * On the receipt: the order took the basket's devices, so the header's count, loaded before the
 * checkout's action sent the seller here, is asked for again. Draws nothing.
 */
export function BasketPlaced() {
  useEffect(() => forgetBasket(), [])
  return null
}
