import { modelPriceRoute } from '../../../_pages/model-page'

const route = modelPriceRoute('tablet')

export const generateMetadata = route.generateMetadata
export default route.Page
