import { accountPageRoute } from '@/accounts/page-route'
import { ConfirmEmailPanel } from '@/components/account/account-panels'

const route = accountPageRoute('/confirm-email', 'anyone', ConfirmEmailPanel)

export const generateMetadata = route.generateMetadata
export default route.Page
