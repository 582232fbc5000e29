import { ConfirmEmailPanel } from '@/components/account/account-panels'
import { panelPage, withAccountCopy } from '../_pages/panel-page'

const route = panelPage({
  path: '/confirm-email',
  slot: 'account',
  access: 'anyone',
  render: withAccountCopy(ConfirmEmailPanel),
})

export const generateMetadata = route.generateMetadata
export default route.Page
