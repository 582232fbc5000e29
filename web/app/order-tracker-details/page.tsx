import { DetailsPanel } from '@/components/orders/details-panel'
import { getOrderCopy } from '@/content/loaders'
import { mayAct, openOrderLink } from '@/orders/actions/actions'
import { getDb } from '@/db/connection'
import { lockHoldOf } from '@/orders/locks/lock-store'
import { identityOf } from '@/orders/identity/identity-store'
import { sellerIdentityState } from '@/orders/identity/identity-rules'
import { orderCertificates } from '@/stock/certificates'
import { openParcel } from '@/orders/parcels/parcels'
import { AT_REST_STATUSES } from '@rules/order-statuses'
import { panelPage } from '../_pages/panel-page'

const route = panelPage({
  path: '/order-tracker-details',
  slot: 'order',
  async render(request) {
    const [copy, opened] = await Promise.all([getOrderCopy(), openOrderLink(request.query.order)])
    const canAct = opened ? mayAct(opened.scope, opened.order, request.visitor?.user.id ?? null) : false
    // Only a link that may act sees the hold and its button, and the devices' certificates.
    const db = canAct && opened ? await getDb() : null
    const [lockHold, certificates, parcel, identity] = db
      ? await Promise.all([
          lockHoldOf(db, opened!.order.id),
          orderCertificates(db, opened!.order.id),
          opened!.order.status === 'placed' ? openParcel(db, opened!.order.id) : null,
          identityOf(db, opened!.order.id),
        ])
      : [null, [], null, null]
    return (
      <DetailsPanel
        {...request}
        copy={copy}
        order={opened?.order ?? null}
        canAct={canAct}
        lockHold={lockHold}
        certificates={certificates}
        parcel={parcel}
        identity={sellerIdentityState(
          identity,
          (AT_REST_STATUSES as readonly string[]).includes(opened?.order.status ?? ''),
        )}
      />
    )
  },
})

export const generateMetadata = route.generateMetadata
export default route.Page
