import { modelPriceRoute } from '@/sell/model-route'

const route = modelPriceRoute('tablet')

export const generateMetadata = route.generateMetadata
export default route.Page
