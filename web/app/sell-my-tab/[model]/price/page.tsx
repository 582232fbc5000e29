import { modelPriceRoute } from '@/catalogue/model-route'

const route = modelPriceRoute('tablet')

export const generateMetadata = route.generateMetadata
export default route.Page
