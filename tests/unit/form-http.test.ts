import { readJsonBody } from '@/lib/http/json-request'
import { RateLimiter, clientKey } from '@/lib/http/rate-limit'

const post = (body: BodyInit, type = 'application/json', headers: Record<string, string> = {}) =>
  new Request('http://localhost/api/x', { method: 'POST', body, headers: { 'content-type': type, ...headers } })

describe('reading a JSON body', () => {
  it('parses JSON sent as JSON', async () => {
    expect(await readJsonBody(post('{"a":1}', 'application/json; charset=utf-8'))).toEqual({ ok: true, body: { a: 1 } })
  })

  it('refuses other content types with 415, malformed JSON with 400, and big bodies with 413', async () => {
    const status = async (request: Request) => {
      const result = await readJsonBody(request)
      return result.ok ? 200 : result.response.status
    }
    expect(await status(post('email=a', 'application/x-www-form-urlencoded'))).toBe(415)
    expect(await status(post('{"a":', 'application/json'))).toBe(400)
    expect(await status(post(JSON.stringify({ a: 'x'.repeat(11_000) })))).toBe(413)
  })

  it('enforces the cap while reading, whatever Content-Length claims', async () => {
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 20; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(1024)))
        controller.close()
      },
    })
    const request = new Request('http://localhost/api/x', {
      method: 'POST',
      body: stream,
      headers: { 'content-type': 'application/json', 'content-length': '10' },
      duplex: 'half',
    } as RequestInit)
    const result = await readJsonBody(request)
    expect(result.ok ? 200 : result.response.status).toBe(413)
  })
})

describe('rate limiting', () => {
  it('allows the limit per client in the window, then asks to wait', () => {
    const limiter = new RateLimiter(2, 60_000)
    expect(limiter.take('a', 0).allowed).toBe(true)
    expect(limiter.take('a', 1).allowed).toBe(true)
    expect(limiter.take('a', 2)).toEqual({ allowed: false, retryAfter: 60 })
    expect(limiter.take('b', 2).allowed).toBe(true)
    expect(limiter.take('a', 60_001).allowed).toBe(true)
  })

  it('keys clients by the right-most forwarded address', () => {
    expect(clientKey(post('', 'application/json', { 'x-forwarded-for': '198.51.100.7, 203.0.113.9' }))).toBe(
      '203.0.113.9',
    )
  })
})
