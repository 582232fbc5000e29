import { modelPageRoute } from '@/catalogue/model-route'

const route = modelPageRoute('tablet')

export const generateStaticParams = route.generateStaticParams
export const generateMetadata = route.generateMetadata
export default route.Page
