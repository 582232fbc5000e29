import { basketPageRoute } from '@/basket/page-route'

const route = basketPageRoute('/add-to-cart')

export const generateMetadata = route.generateMetadata
export default route.Page
