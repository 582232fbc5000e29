/**
 * A request's body read up to `limit` bytes: null as soon as it passes the limit, so that an upload
 * sent without a declared length (chunked) is never held in memory whole. The caller checks the
 * declared length first and refuses an upload that says it is too big without reading any of it.
 */
export async function readCappedBody(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!request.body) return new Uint8Array(0)
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
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
  return Buffer.concat(chunks)
}
