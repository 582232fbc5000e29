import { getSignedIn, isActiveStaff } from '@/accounts/session'
import { getDb } from '@/db/connection'
import { readCappedBody } from '@/http/capped-body'
import { isCrossOrigin } from '@/http/same-origin'
import { seeOther } from '@/http/see-other'
import { describeError } from '@/lib/log'
import { NOTE_MAX } from '@/orders/goods-in/goods-in-rules'
import { noteParcel } from '@/orders/goods-in/parcel-store'
import { declaredTooLarge, PHOTO_LIMITS, photosProblem } from '@/orders/photos/photo-rules'
import { preparePhoto } from '@/orders/photos/photo-store'

export const dynamic = 'force-dynamic'

type Params = { params: Promise<{ id: string }> }

const notFound = () => new Response(null, { status: 404, headers: { 'cache-control': 'no-store' } })

/**
 * Staff save an unmatched parcel's note and, if one is sent, its photo: a plain multipart form,
 * from a phone's camera or a file, with or without scripts, under the photo room's rules (made
 * safe and re-encoded by its store). Anyone but active staff, or a post from another site, meets a
 * 404 and nothing is read. Staff are sent back (303) to the parcel, told what happened.
 */
export async function POST(request: Request, { params }: Params) {
  const id = (await params).id
  if (isCrossOrigin(request)) return notFound()
  const visitor = await getSignedIn(request.headers)
  if (!visitor || !isActiveStaff(visitor)) return notFound()

  const back = (query: Record<string, string>) =>
    seeOther(`/admin/goods-in/unmatched?${new URLSearchParams({ ...query, parcel: id })}#parcel-${id}`)
  if (declaredTooLarge(request.headers.get('content-length'))) return back({ problem: 'photoTooLarge' })
  const body = await readCappedBody(request, PHOTO_LIMITS.requestBytes)
  if (!body) return back({ problem: 'photoTooLarge' })

  let note: string
  let files: Uint8Array[]
  try {
    const form = await new Response(body, {
      headers: { 'content-type': request.headers.get('content-type') ?? '' },
    }).formData()
    const typed = form.get('note')
    note = typeof typed === 'string' ? typed.trim() : ''
    const sent = form.getAll('photo').filter((entry): entry is File => typeof entry !== 'string' && entry.size > 0)
    files = await Promise.all(sent.map(async (file) => new Uint8Array(await file.arrayBuffer())))
  } catch {
    return back({ problem: 'photoMissing' })
  }
  if (note.length > NOTE_MAX) return back({ problem: 'noteTooLong' })
  // One photo a parcel: a new one replaces the last.
  const problem = files.length ? photosProblem(files.slice(0, 1), 0) : null
  if (problem || files.length > 1) return back({ problem: problem ?? 'photoTooMany' })
  try {
    let photo = null
    if (files[0]) {
      try {
        photo = await preparePhoto(files[0])
      } catch {
        return back({ problem: 'photoUnreadable' })
      }
    }
    const result = await noteParcel(await getDb(), {
      parcelId: id,
      staff: { id: visitor.user.id, role: visitor.user.role },
      note: note || null,
      photo,
    })
    if (!result.ok && result.reason === 'notFound') return notFound()
    if (!result.ok) return seeOther('/admin/goods-in/unmatched')
    return back({ saved: '1', code: result.code })
  } catch (error) {
    console.error(`Unmatched parcel note failed: ${describeError(error)}`)
    return back({ problem: 'unavailable' })
  }
}
