import { TrackerPanel } from '@/components/orders/tracker-panel'
import { panelPage, withOrderCopy } from '../_pages/panel-page'

const route = panelPage({ path: '/order-tracker', slot: 'order', render: withOrderCopy(TrackerPanel) })

export const generateMetadata = route.generateMetadata
export default route.Page
