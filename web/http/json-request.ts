/**
 * Reads a JSON request body defensively: the right content type, a size cap enforced while
 * reading (not trusted from Content-Length), and parse errors turned into a clear 4xx.
 */
export type ReadResult = { ok: true; body: unknown } | { ok: false; response: Response }

export const MAX_BODY_BYTES = 10 * 1024

export async function readJsonBody(request: Request, limit = MAX_BODY_BYTES): Promise<ReadResult> {
  const type = request.headers.get('content-type') ?? ''
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    return fail(415, 'unsupported_media_type', 'Send the form as JSON, with Content-Type: application/json.')
  }
  const text = await readCappedText(request, limit)
  if (text === null) return tooLarge(limit)
  try {
    return { ok: true, body: JSON.parse(text) }
  } catch {
    return fail(400, 'malformed_json', 'The request body is not valid JSON.')
  }
}

export type FormOrJson = { kind: 'json'; body: unknown } | { kind: 'form'; body: URLSearchParams }

/** A body sent as JSON by scripts, or as a plain HTML form by a browser running none. */
export async function readFormOrJsonBody(
  request: Request,
  limit = MAX_BODY_BYTES,
): Promise<{ ok: true; value: FormOrJson } | { ok: false; response: Response }> {
  const type = request.headers.get('content-type') ?? ''
  if (!/^application\/x-www-form-urlencoded\s*(;|$)/i.test(type)) {
    const read = await readJsonBody(request, limit)
    return read.ok ? { ok: true, value: { kind: 'json', body: read.body } } : read
  }
  const text = await readCappedText(request, limit)
  if (text === null) return tooLarge(limit)
  return { ok: true, value: { kind: 'form', body: new URLSearchParams(text) } }
}

/** Either kind of body as form fields: a JSON object's string values only. */
export function formFields(value: FormOrJson): URLSearchParams {
  if (value.kind === 'form') return value.body
  const fields = new URLSearchParams()
  const body = value.body
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    for (const [key, field] of Object.entries(body)) if (typeof field === 'string') fields.set(key, field)
  }
  return fields
}

/** The body as text, or null past the limit: enforced while reading, not trusted from Content-Length. */
export async function readCappedText(request: Request, limit: number): Promise<string | null> {
  const declared = Number(request.headers.get('content-length') ?? 0)
  if (declared > limit) return null
  const reader = request.body?.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      size += value.byteLength
      if (size > limit) {
        await reader.cancel()
        return null
      }
      chunks.push(value)
    }
  }
  return new TextDecoder('utf-8', { fatal: false }).decode(concat(chunks, size))
}

/** A JSON error answer in the one shape every form endpoint uses. */
export function fail(status: number, code: string, message: string, extra: Record<string, unknown> = {}) {
  return { ok: false as const, response: jsonResponse(status, { ok: false, code, message, ...extra }) }
}

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  })
}

/**
 * The store could not take the request just now (a restart, a failover): a 503 that asks the client
 * to send the same request again in a few seconds, which a failover takes.
 */
export function unavailableResponse(message: string): Response {
  return jsonResponse(503, { ok: false, code: 'unavailable', message }, { 'retry-after': '5' })
}

function tooLarge(limit: number) {
  return fail(413, 'payload_too_large', `The request body must be at most ${limit} bytes.`)
}

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  const out = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    out.set(chunk, offset)
    offset += chunk.byteLength
  }
  return out
}
