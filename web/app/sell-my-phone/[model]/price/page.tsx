import { modelPriceRoute } from '@/sell/model-route'

const route = modelPriceRoute('phone')

export const generateMetadata = route.generateMetadata
export default route.Page
