import { accountPageRoute } from '@/accounts/page-route'
import { ForgotPasswordPanel } from '@/components/account/account-panels'

const route = accountPageRoute('/forget-password', 'anyone', ForgotPasswordPanel)

export const generateMetadata = route.generateMetadata
export default route.Page
