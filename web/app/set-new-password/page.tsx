import { NewPasswordPanel } from '@/components/account/account-panels'
import { panelPage, withAccountCopy } from '../_pages/panel-page'

const route = panelPage({
  path: '/set-new-password',
  slot: 'account',
  access: 'anyone',
  render: withAccountCopy(NewPasswordPanel),
})

export const generateMetadata = route.generateMetadata
export default route.Page
