import { cookies } from 'next/headers'
import { CmsPage } from '@/components/layout/cms-page'
import { perVisitorMetadata } from '@/content/per-visitor-metadata'
import { BASKET_COOKIE } from '@/basket/cookie'
import { readBasket } from '@/basket/service'
import { describeError } from '@/lib/log'

/**
 * The basket and checkout pages are the visitor's own: rendered per request with their basket,
 * so they work with scripts off, and never cached or shared (see PER_VISITOR_PATHS).
 */
export function basketPage(path: string) {
  return {
    generateMetadata: () => perVisitorMetadata(path),

    async Page() {
      const token = (await cookies()).get(BASKET_COOKIE)?.value
      // A store that cannot be reached still leaves the page: the basket section then says so.
      const basket = await readBasket(token).catch((error: Error) => {
        console.error(`Basket store unavailable: ${describeError(error)}`)
        return null
      })
      return <CmsPage path={path} basket={basket} />
    },
  }
}
