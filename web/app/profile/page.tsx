import { accountPageRoute } from '@/accounts/page-route'
import { ProfilePanel } from '@/components/account/profile-panel'

const route = accountPageRoute('/profile', 'members', ProfilePanel)

export const generateMetadata = route.generateMetadata
export default route.Page
