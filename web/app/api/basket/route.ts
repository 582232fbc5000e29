import type { NextRequest } from 'next/server'
import { getSellingCopy } from '@/content/loaders'
import { readBasket } from '@/basket/service'
import { BASKET_COOKIE } from '@/basket/cookie'
import { basketJson, storeUnavailable } from '@/basket/http'

// Per visitor, never cached.
export const dynamic = 'force-dynamic'

/**
 * The visitor's basket, for the header's badge and the cart panel: the one basket route left. Adding
 * and changing go through the basket's server actions (basket/form-actions.ts).
 */
export async function GET(request: NextRequest) {
  const copy = await getSellingCopy()
  try {
    return basketJson(200, await readBasket(request.cookies.get(BASKET_COOKIE)?.value), request)
  } catch (error) {
    return storeUnavailable(error, copy.basket.error)
  }
}
