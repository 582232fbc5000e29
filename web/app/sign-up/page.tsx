import { accountPageRoute } from '@/accounts/page-route'
import { SignUpPanel } from '@/components/account/account-panels'

const route = accountPageRoute('/sign-up', 'visitors', SignUpPanel)

export const generateMetadata = route.generateMetadata
export default route.Page
