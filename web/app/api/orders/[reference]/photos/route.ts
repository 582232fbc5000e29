import { getSignedIn, isActiveStaff } from '@/accounts/session'
import { getDb } from '@/db/connection'
import { readCappedBody } from '@/http/capped-body'
import { isCrossOrigin } from '@/http/same-origin'
import { seeOther } from '@/http/see-other'
import { describeError } from '@/lib/log'
import { declaredTooLarge, PHOTO_LIMITS, type PhotoProblem } from '@/orders/photos/photo-rules'
import { addPhotos } from '@/orders/photos/photo-store'
import { normaliseReference } from '@/orders/record/references'

export const dynamic = 'force-dynamic'

type Params = { params: Promise<{ reference: string }> }

const notFound = () => new Response(null, { status: 404, headers: { 'cache-control': 'no-store' } })

/**
 * Staff add photos of one device (`?item=<id>`) from the order's page: a plain multipart form,
 * from a phone's camera or files, with or without scripts. Anyone but active staff, or a post from
 * another site, meets a 404 and nothing is read. An upload that says it is too big is refused
 * before any of it is read, and one that turns out too big is refused as soon as it passes the
 * limit. Staff are sent back (303) to the device on the order's page, which says what happened in
 * the content's words.
 */
export async function POST(request: Request, { params }: Params) {
  const reference = normaliseReference((await params).reference)
  const itemId = new URL(request.url).searchParams.get('item') ?? ''
  if (!reference || isCrossOrigin(request)) return notFound()
  const visitor = await getSignedIn(request.headers)
  if (!visitor || !isActiveStaff(visitor)) return notFound()

  const back = (outcome: { photos: 'added' } | { photoProblem: PhotoProblem | 'unavailable' }) => {
    const query = new URLSearchParams({ ...outcome, item: itemId })
    return seeOther(`/admin/orders/${reference}?${query}#device-${encodeURIComponent(itemId)}`)
  }
  if (declaredTooLarge(request.headers.get('content-length'))) return back({ photoProblem: 'photoTooLarge' })
  const body = await readCappedBody(request, PHOTO_LIMITS.requestBytes)
  if (!body) return back({ photoProblem: 'photoTooLarge' })

  let files: Uint8Array[]
  try {
    const form = await new Response(body, {
      headers: { 'content-type': request.headers.get('content-type') ?? '' },
    }).formData()
    const sent = form.getAll('photos').filter((entry): entry is File => typeof entry !== 'string' && entry.size > 0)
    files = await Promise.all(sent.map(async (file) => new Uint8Array(await file.arrayBuffer())))
  } catch {
    // Not a form, or one cut short: nothing that could be a photo arrived.
    return back({ photoProblem: 'photoMissing' })
  }
  try {
    const result = await addPhotos(await getDb(), { reference, itemId, files, staffId: visitor.user.id })
    if (result.ok) return back({ photos: 'added' })
    if (result.code === 'notFound') return notFound()
    if (result.code === 'wrongStatus') return seeOther(`/admin/orders/${reference}`)
    return back({ photoProblem: result.code })
  } catch (error) {
    console.error(`Photo upload failed: ${describeError(error)}`)
    return back({ photoProblem: 'unavailable' })
  }
}
