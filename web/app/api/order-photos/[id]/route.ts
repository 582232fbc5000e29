import { getSignedIn, isActiveStaff } from '@/accounts/session'
import { getDb } from '@/db/connection'
import { readOrderToken, readPhotoToken } from '@/orders/record/order-token'
import { readPhoto } from '@/orders/photos/photo-store'

export const dynamic = 'force-dynamic'

type Params = { params: Promise<{ id: string }> }

/**
 * One photo of a device: to whoever holds a grant to that photo (the e-mails' and the seller's
 * page's links), to the seller's own link to the order (e-mails sent before photos had their own
 * grants), to the order's account signed in, and to active staff. The tracker's view-only link
 * (reference and postcode, both on the parcel) opens no photo. Anyone else, a photo of another
 * order or an id that names no photo all get the same 404: the random id alone opens nothing.
 * Never kept by a shared cache; its address is not passed on to other sites (next.config.mjs).
 */
export async function GET(request: Request, { params }: Params) {
  const id = (await params).id
  const photo = await readPhoto(await getDb(), id)
  const search = new URL(request.url).searchParams
  const grant = search.get('photo')
  const token = search.get('order')
  let allowed =
    photo !== null &&
    ((grant !== null && readPhotoToken(grant, id)) || (token !== null && readOrderToken(token) === photo.reference))
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
