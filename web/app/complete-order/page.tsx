import { CheckoutPanel } from '@/components/orders/checkout-panel'
import { orderPageRoute } from '@/orders/page-route'

const route = orderPageRoute('/complete-order', CheckoutPanel)

export const generateMetadata = route.generateMetadata
export default route.Page
