import { IdentityUpload } from '@/components/orders/identity-upload'
import { getOrderCopy } from '@/content/loaders'
import { getDb } from '@/db/connection'
import { identityFileMegabytes } from '@/orders/identity/identity-rules'
import { readIdentityLink } from '@/orders/identity/identity-store'
import { panelPage } from '../_pages/panel-page'

const route = panelPage({
  path: '/proof-of-identity',
  slot: 'order',
  async render(request) {
    const [copy, link] = await Promise.all([
      getOrderCopy(),
      request.query.token ? getDb().then((db) => readIdentityLink(db, request.query.token!)) : null,
    ])
    return (
      <IdentityUpload
        {...request}
        copy={copy}
        request={link ? { reference: link.reference, uploaded: link.uploadedAt !== null } : null}
        megabytes={identityFileMegabytes}
      />
    )
  },
})

export const generateMetadata = route.generateMetadata
export default route.Page
