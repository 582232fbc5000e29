import { SignUpPanel } from '@/components/account/account-panels'
import { panelPage, withAccountCopy } from '../_pages/panel-page'

const route = panelPage({ path: '/sign-up', slot: 'account', access: 'visitors', render: withAccountCopy(SignUpPanel) })

export const generateMetadata = route.generateMetadata
export default route.Page
