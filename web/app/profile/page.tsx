import { listAccountOrders } from '@/accounts/store'
import { ProfilePanel } from '@/components/account/profile-panel'
import { getAccountCopy, getOrderCopy } from '@/content/loaders'
import { getDb } from '@/db/connection'
import { orderPath } from '@/orders/record/order-token'
import { panelPage } from '../_pages/panel-page'

const route = panelPage({
  path: '/profile',
  slot: 'account',
  access: 'members',
  async render({ query, visitor }) {
    const [copy, orderCopy, orders] = await Promise.all([
      getAccountCopy(),
      getOrderCopy(),
      visitor ? getDb().then((db) => listAccountOrders(db, visitor.user)) : [],
    ])
    const listed = orders.map((order) => ({ ...order, href: orderPath(order.reference) }))
    return <ProfilePanel copy={copy} orderCopy={orderCopy} orders={listed} query={query} visitor={visitor} />
  },
})

export const generateMetadata = route.generateMetadata
export default route.Page
