import { basketPageRoute } from '@/sell/basket-page-route'

const route = basketPageRoute('/complete-order')

export const generateMetadata = route.generateMetadata
export default route.Page
