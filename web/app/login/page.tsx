import { accountPageRoute } from '@/accounts/page-route'
import { LoginPanel } from '@/components/account/account-panels'

const route = accountPageRoute('/login', 'visitors', LoginPanel)

export const generateMetadata = route.generateMetadata
export default route.Page
