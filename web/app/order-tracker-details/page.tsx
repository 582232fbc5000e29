import { DetailsPanel } from '@/components/orders/details-panel'
import { getOrderCopy } from '@/content/loaders'
import { readOrderByToken } from '@/orders/actions'
import { panelPage } from '../_pages/panel-page'

const route = panelPage({
  path: '/order-tracker-details',
  slot: 'order',
  async render(request) {
    const [copy, order] = await Promise.all([getOrderCopy(), readOrderByToken(request.query.order)])
    return <DetailsPanel {...request} copy={copy} order={order} />
  },
})

export const generateMetadata = route.generateMetadata
export default route.Page
