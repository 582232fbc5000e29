import { TwoFactorPanel } from '@/components/account/account-panels'
import { panelPage, withAccountCopy } from '../_pages/panel-page'

const route = panelPage({
  path: '/two-factor',
  slot: 'account',
  // Open to anyone, so a code sent from a browser that is already signed in comes back refused in
  // the content's words (twoFactorCode refuses it) rather than sent on unexplained.
  access: 'anyone',
  render: withAccountCopy(TwoFactorPanel),
})

export const generateMetadata = route.generateMetadata
export default route.Page
