import { getSignedIn, isActiveStaff } from '@/accounts/session'
import { getDb } from '@/db/connection'
import { readIdentityImage } from '@/orders/identity/identity-store'
import { normaliseReference } from '@/orders/record/references'
import { getOrder } from '@/orders/record/store'
import { PRIVATE_FILE_HEADERS } from '@/http/private-file'

export const dynamic = 'force-dynamic'

/**
 * The photo of the seller's identity document, for staff deciding on it from the order's staff
 * page. Anyone who is not active staff, an unknown order, or a photo already gone (staff recorded
 * their verdict) gets a 404.
 */
export async function GET(request: Request, { params }: { params: Promise<{ reference: string }> }) {
  const visitor = await getSignedIn(request.headers)
  if (!visitor || !isActiveStaff(visitor)) return new Response(null, { status: 404, headers: PRIVATE_FILE_HEADERS })
  const reference = normaliseReference(decodeURIComponent((await params).reference))
  const db = await getDb()
  const order = reference ? await getOrder(db, { reference }) : null
  const image = order ? await readIdentityImage(db, order.id) : null
  if (!image) return new Response(null, { status: 404, headers: PRIVATE_FILE_HEADERS })
  return new Response(new Uint8Array(image.bytes), {
    headers: {
      ...PRIVATE_FILE_HEADERS,
      'content-type': image.contentType,
      'content-length': String(image.bytes.length),
      'content-disposition': 'inline',
    },
  })
}
