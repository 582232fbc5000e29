import { revalidateTag } from 'next/cache'
import { after, NextRequest } from 'next/server'
import { parseBody } from 'next-sanity/webhook'
import { tagsForDocumentType } from '@/content/cache-tags'
import { readContentSource, revalidateSecret } from '@/config'
import { jsonResponse, readCappedText } from '@/http/json-request'
import { describeError } from '@/lib/log'
import { kickOutbox } from '@/mail/outbox-kick'
import { sendPriceAlerts } from '@/subscriptions/price-alerts'

type WebhookBody = { _type?: unknown; _id?: unknown }

/** Sanity's webhook sends a projection of one document; anything bigger is not from it. */
const MAX_WEBHOOK_BYTES = 64 * 1024

/**
 * Sanity's API CDN can answer with the previous version for a moment after a publish, so the
 * check waits 3 s before expiring tags (next-sanity's default). The seed and a self-hosted API
 * (the local content API) have no CDN: they are fresh at once, and the call is answered at once.
 */
function readsThroughCdn(): boolean {
  const source = readContentSource()
  return source.kind === 'sanity' && !source.apiHost
}

/**
 * Sanity's webhook calls this when a document is published, changed or deleted. A correctly
 * signed call expires the cache tags of that document's type, so the next visitor gets fresh pages.
 */
export async function POST(request: NextRequest): Promise<Response> {
  const secret = revalidateSecret()
  if (!secret) {
    return jsonResponse(503, { ok: false, code: 'not_configured', message: 'SANITY_REVALIDATE_SECRET is not set.' })
  }
  // The signature can only be checked over the whole body, so its size is capped first: a declared
  // length over the cap is refused unread, and a streamed body is cut off at the cap.
  const text = await readCappedText(request, MAX_WEBHOOK_BYTES)
  if (text === null) {
    return jsonResponse(413, {
      ok: false,
      code: 'payload_too_large',
      message: `The request body must be at most ${MAX_WEBHOOK_BYTES} bytes.`,
    })
  }
  let parsed: Awaited<ReturnType<typeof parseBody<WebhookBody>>>
  try {
    const read = new NextRequest(request.url, { method: 'POST', headers: request.headers, body: text })
    parsed = await parseBody<WebhookBody>(read, secret, readsThroughCdn())
  } catch {
    return jsonResponse(400, { ok: false, code: 'malformed_json', message: 'The request body is not valid JSON.' })
  }
  if (!parsed.isValidSignature) {
    return jsonResponse(401, { ok: false, code: 'invalid_signature', message: 'Missing or invalid webhook signature.' })
  }
  const type = parsed.body?._type
  if (typeof type !== 'string') {
    return jsonResponse(400, { ok: false, code: 'missing_type', message: 'The webhook projection must include _type.' })
  }
  const tags = tagsForDocumentType(type)
  // Stale-while-revalidate: the next visit triggers the rebuild and gets fresh content once it
  // is done; if the content source is down then, visitors keep the last good page, never an error.
  for (const tag of tags) revalidateTag(tag, 'max')
  // A publish may have raised a price somebody asked to hear about: checked once the answer has
  // gone (the minute job checks again, should this instance stop first).
  if (tags.includes('deviceModel')) {
    after(() =>
      sendPriceAlerts()
        .then((queued) => queued && kickOutbox())
        .catch((error: Error) => console.error(`Price alerts: ${describeError(error)}`)),
    )
  }
  return jsonResponse(200, { ok: true, revalidated: tags })
}
