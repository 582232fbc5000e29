import { getSignedIn, isActiveStaff } from '@/accounts/session'
import { getDb } from '@/db/connection'
import { readOrderLink } from '@/orders/order-token'
import { readPhoto } from '@/orders/photo-store'

export const dynamic = 'force-dynamic'

type Params = { params: Promise<{ id: string }> }

/**
 * One photo of a device, to the order's seller (through a signed link to that order, either kind,
 * or signed in to the order's account) and to active staff. Anyone else, a photo of another order
 * or an id that names no photo all get the same 404: the random id alone opens nothing. Never kept
 * by a shared cache, and its address is not passed on to other sites.
 */
export async function GET(request: Request, { params }: Params) {
  const photo = await readPhoto(await getDb(), (await params).id)
  const token = new URL(request.url).searchParams.get('order')
  const link = token ? readOrderLink(token) : null
  let allowed = photo !== null && link?.reference === photo.reference
  if (photo && !allowed) {
    const visitor = await getSignedIn(request.headers)
    allowed = !!visitor && (isActiveStaff(visitor) || (photo.userId !== null && visitor.user.id === photo.userId))
  }
  if (!photo || !allowed) {
    return new Response(null, { status: 404, headers: { 'cache-control': 'no-store' } })
  }
  return new Response(new Uint8Array(photo.bytes), {
    headers: {
      'content-type': photo.contentType,
      'content-length': String(photo.bytes.length),
      'cache-control': 'private, no-store',
      'referrer-policy': 'no-referrer',
      'x-robots-tag': 'noindex',
      'content-disposition': 'inline',
    },
  })
}
