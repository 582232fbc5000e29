import type { IncomingHttpHeaders } from 'node:http'
import { ContentApiError } from '../errors'

/**
 * The few request and response members both HTTP/1.1 and HTTP/2 (compatibility API) objects
 * have, so routes serve either.
 */
export type Request = AsyncIterable<Buffer | string> & {
  method?: string
  url?: string
  headers: IncomingHttpHeaders
}

export type Response = {
  statusCode: number
  headersSent: boolean
  setHeader(name: string, value: string | number | readonly string[]): unknown
  writeHead(status: number, headers?: Record<string, string | number>): unknown
  write(chunk: string | Buffer): boolean
  end(chunk?: string | Buffer): unknown
  on(event: 'close', listener: () => void): unknown
}

export type Exchange = {
  req: Request
  res: Response
  url: URL
  /** `2025-02-19`, `1` or `X`: the `/v…/` segment every API path starts with. */
  apiVersion: string
  params: string[]
}

export function sendJson(res: Response, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' })
  res.end(JSON.stringify(body))
}

export function sendError(res: Response, error: unknown): void {
  if (error instanceof ContentApiError) return sendJson(res, error.status, error.toBody())
  const message = error instanceof Error ? error.message : String(error)
  sendJson(res, 500, { error: { type: 'serverError', description: message }, message, statusCode: 500 })
}

const MAX_BODY = 50 * 1024 * 1024

export async function readBody(req: Request): Promise<Buffer> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk
    size += buffer.length
    if (size > MAX_BODY) throw new ContentApiError(413, 'requestTooLarge', 'Request body over 50 MB')
    chunks.push(buffer)
  }
  return Buffer.concat(chunks)
}

export async function readJson<T>(req: Request): Promise<T> {
  const text = (await readBody(req)).toString('utf8')
  try {
    return JSON.parse(text) as T
  } catch {
    throw new ContentApiError(400, 'invalidJson', 'Request body is not valid JSON')
  }
}
