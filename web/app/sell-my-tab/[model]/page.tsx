import { modelPageRoute } from '../../_pages/model-page'

const route = modelPageRoute('tablet')

export const generateStaticParams = route.generateStaticParams
export const generateMetadata = route.generateMetadata
export default route.Page
