import { accountPageRoute } from '@/accounts/page-route'
import { NewPasswordPanel } from '@/components/account/account-panels'

const route = accountPageRoute('/set-new-password', 'anyone', NewPasswordPanel)

export const generateMetadata = route.generateMetadata
export default route.Page
