import { basketPage } from '../_pages/basket-page'

const route = basketPage('/add-to-cart')

export const generateMetadata = route.generateMetadata
export default route.Page
