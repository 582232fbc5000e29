import { LoginPanel } from '@/components/account/account-panels'
import { panelPage, withAccountCopy } from '../_pages/panel-page'

const route = panelPage({ path: '/login', slot: 'account', access: 'visitors', render: withAccountCopy(LoginPanel) })

export const generateMetadata = route.generateMetadata
export default route.Page
