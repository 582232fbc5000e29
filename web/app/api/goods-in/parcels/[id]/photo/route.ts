import { getSignedIn, isActiveStaff } from '@/accounts/session'
import { getDb } from '@/db/connection'
import { parcelPhoto } from '@/orders/goods-in/parcel-store'

export const dynamic = 'force-dynamic'

type Params = { params: Promise<{ id: string }> }

/**
 * An unmatched parcel's photo, to active staff only, as the device photos are served: never kept
 * by a shared cache, never passed on to other sites. Anyone else, or an id with no photo: a 404.
 */
export async function GET(request: Request, { params }: Params) {
  const visitor = await getSignedIn(request.headers)
  const photo = visitor && isActiveStaff(visitor) ? await parcelPhoto(await getDb(), (await params).id) : null
  if (!photo) return new Response(null, { status: 404, headers: { 'cache-control': 'no-store' } })
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
