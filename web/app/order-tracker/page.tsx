import { TrackerPanel } from '@/components/orders/tracker-panel'
import { orderPageRoute } from '@/orders/page-route'

const route = orderPageRoute('/order-tracker', TrackerPanel)

export const generateMetadata = route.generateMetadata
export default route.Page
