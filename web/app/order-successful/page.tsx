import { ConfirmationPanel } from '@/components/orders/confirmation-panel'
import { getOrderCopy, getSiteSettings } from '@/content/loaders'
import { readOrderByToken } from '@/orders/actions/actions'
import { panelPage } from '../_pages/panel-page'

const route = panelPage({
  path: '/order-successful',
  slot: 'order',
  async render(request) {
    const [copy, order, settings] = await Promise.all([
      getOrderCopy(),
      readOrderByToken(request.query.order),
      getSiteSettings(),
    ])
    return <ConfirmationPanel {...request} copy={copy} order={order} settings={settings} />
  },
})

export const generateMetadata = route.generateMetadata
export default route.Page
