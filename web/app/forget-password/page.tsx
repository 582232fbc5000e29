import { ForgotPasswordPanel } from '@/components/account/account-panels'
import { panelPage, withAccountCopy } from '../_pages/panel-page'

const route = panelPage({
  path: '/forget-password',
  slot: 'account',
  access: 'anyone',
  render: withAccountCopy(ForgotPasswordPanel),
})

export const generateMetadata = route.generateMetadata
export default route.Page
