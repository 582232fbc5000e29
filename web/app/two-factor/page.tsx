import { accountPageRoute } from '@/accounts/page-route'
import { TwoFactorPanel } from '@/components/account/account-panels'

const route = accountPageRoute('/two-factor', 'visitors', TwoFactorPanel)

export const generateMetadata = route.generateMetadata
export default route.Page
