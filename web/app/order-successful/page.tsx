import { ConfirmationPanel } from '@/components/orders/confirmation-panel'
import { orderPageRoute } from '@/orders/page-route'

const route = orderPageRoute('/order-successful', ConfirmationPanel)

export const generateMetadata = route.generateMetadata
export default route.Page
