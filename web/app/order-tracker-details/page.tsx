import { DetailsPanel } from '@/components/orders/details-panel'
import { orderPageRoute } from '@/orders/page-route'

const route = orderPageRoute('/order-tracker-details', DetailsPanel)

export const generateMetadata = route.generateMetadata
export default route.Page
