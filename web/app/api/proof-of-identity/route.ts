import { getDb } from '@/db/connection'
import { readCappedBody } from '@/http/capped-body'
import { identityLimiter } from '@/http/form-limits'
import { clientKey } from '@/http/rate-limit'
import { isCrossOrigin } from '@/http/same-origin'
import { seeOther } from '@/http/see-other'
import { describeError } from '@/lib/log'
import { declaredTooLarge, PHOTO_LIMITS } from '@/orders/photos/photo-rules'
import { uploadIdentity } from '@/orders/identity/identity-store'

export const dynamic = 'force-dynamic'

const notFound = () => new Response(null, { status: 404, headers: { 'cache-control': 'no-store' } })

/**
 * The seller sends a photo of their identity document from the page their e-mail's link opened: a
 * plain multipart form, with or without scripts, with the link's token. A post from another site
 * meets a 404; an address past the forms' limit is sent back before any of it is read (the form's
 * address carries the token, so the page it returns to is still the seller's); an upload that says
 * it is too big is refused before any of it is read, and one that turns out too big as soon as it
 * passes the limit. The seller is sent back (303) to the page, which says what happened in the
 * content's words.
 */
export async function POST(request: Request) {
  if (isCrossOrigin(request)) return notFound()
  let token = new URL(request.url).searchParams.get('token') ?? ''
  const back = (outcome: Record<string, string>) =>
    seeOther(`/proof-of-identity?${new URLSearchParams({ token, ...outcome })}`)
  const quota = await identityLimiter.take(clientKey(request))
  if (!quota.allowed) return back({ problem: 'tooMany', wait: String(quota.retryAfter) })
  if (declaredTooLarge(request.headers.get('content-length'))) return back({ problem: 'fileTooLarge' })
  const body = await readCappedBody(request, PHOTO_LIMITS.requestBytes)
  if (!body) return back({ problem: 'fileTooLarge' })

  let documentType: unknown
  let file: Uint8Array | null = null
  try {
    const form = await new Response(body, {
      headers: { 'content-type': request.headers.get('content-type') ?? '' },
    }).formData()
    token = String(form.get('token') ?? token)
    documentType = form.get('document')
    const photo = form.get('photo')
    if (photo && typeof photo !== 'string' && photo.size > 0) file = new Uint8Array(await photo.arrayBuffer())
  } catch {
    // Not a form, or one cut short: nothing that could be a photo arrived.
    return back({ problem: 'fileMissing' })
  }
  try {
    const result = await uploadIdentity(await getDb(), { token, documentType, file })
    return back(result.ok ? { sent: '1' } : { problem: result.code })
  } catch (error) {
    console.error(`Identity upload failed: ${describeError(error)}`)
    return back({ problem: 'unavailable' })
  }
}
