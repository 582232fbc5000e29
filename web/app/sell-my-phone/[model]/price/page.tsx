import { modelPriceRoute } from '@/catalogue/model-route'

const route = modelPriceRoute('phone')

export const generateMetadata = route.generateMetadata
export default route.Page
