import { TwoFactorPanel } from '@/components/account/account-panels'
import { panelPage, withAccountCopy } from '../_pages/panel-page'

const route = panelPage({
  path: '/two-factor',
  slot: 'account',
  access: 'visitors',
  render: withAccountCopy(TwoFactorPanel),
})

export const generateMetadata = route.generateMetadata
export default route.Page
