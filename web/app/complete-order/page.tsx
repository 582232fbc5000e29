import { randomUUID } from 'node:crypto'
import { cookies } from 'next/headers'
import { BASKET_COOKIE } from '@/basket/cookie'
import { readBasket } from '@/basket/service'
import { CheckoutPanel } from '@/components/orders/checkout-panel'
import { OfferPanel } from '@/components/orders/offer-panel'
import { getOrderCopy } from '@/content/loaders'
import { basketSignature } from '@/orders/checkout/checkout'
import { openOfferFor } from '@/orders/manual-offers/accept'
import { panelPage } from '../_pages/panel-page'

const route = panelPage({
  path: '/complete-order',
  slot: 'order',
  async render({ query, visitor }) {
    // Opened from a staff offer's e-mail: the offer in place of the basket.
    if (query.offer !== undefined) {
      const [copy, offer] = await Promise.all([getOrderCopy(), openOfferFor(query.offer)])
      return <OfferPanel copy={copy} query={query} visitor={visitor} offer={offer} token={query.offer} />
    }
    const jar = await cookies()
    const [copy, basket] = await Promise.all([
      getOrderCopy(),
      readBasket(jar.get(BASKET_COOKIE)?.value).catch(() => null),
    ])
    return (
      <CheckoutPanel
        copy={copy}
        query={query}
        visitor={visitor}
        basket={basket}
        // A fresh one-time key (a double click or a retry makes one order) and the prices shown
        // (none while the basket cannot be read: the server then answers with the prices to confirm).
        hidden={{ idempotencyKey: randomUUID(), confirmedPrices: basket ? basketSignature(basket) : '' }}
      />
    )
  },
})

export const generateMetadata = route.generateMetadata
export default route.Page
