import { CheckoutPanel } from '@/components/orders/checkout-panel'
import { orderPageRoute } from '@/sell/order-page-route'

const route = orderPageRoute('/complete-order', CheckoutPanel)

export const generateMetadata = route.generateMetadata
export default route.Page
