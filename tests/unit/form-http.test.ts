import { readJsonBody } from '@/http/json-request'
import { formEndpoint } from '@/forms/form-endpoint'
import { MemoryHitStore, RateLimiter, clientKey, limitKey } from '@/http/rate-limit'

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
  it('allows the limit per client in the window, then asks to wait', async () => {
    const limiter = new RateLimiter('test', 2, 60_000)
    expect((await limiter.take('a', 0)).allowed).toBe(true)
    expect((await limiter.take('a', 1)).allowed).toBe(true)
    expect(await limiter.take('a', 2)).toEqual({ allowed: false, retryAfter: 60 })
    expect((await limiter.take('b', 2)).allowed).toBe(true)
    expect((await limiter.take('a', 60_001)).allowed).toBe(true)
  })

  it('counts failures without asking, and checks without counting', async () => {
    const limiter = new RateLimiter('test', 2, 60_000)
    await limiter.record('login:jo@example.com', 0)
    expect((await limiter.check('login:jo@example.com', 1)).allowed).toBe(true)
    await limiter.record('login:jo@example.com', 1)
    expect(await limiter.check('login:jo@example.com', 2)).toEqual({ allowed: false, retryAfter: 60 })
    expect((await limiter.check('login:sam@example.com', 2)).allowed).toBe(true)
  })

  it('keeps at most its cap of keys, evicting the one unused longest, in constant time', async () => {
    const store = new MemoryHitStore(3)
    const limiter = new RateLimiter('test', 1, 60_000, store)
    for (const key of ['a', 'b', 'c']) await limiter.take(key, 0)
    // "a" is used again, so "b" is now the one unused longest.
    await limiter.check('a', 1)
    await limiter.take('d', 2)
    expect(store.size).toBe(3)
    expect((await limiter.check('b', 3)).allowed).toBe(true)
    expect((await limiter.check('a', 3)).allowed).toBe(false)
    // A flood of new keys never grows it past the cap.
    for (let i = 0; i < 10_000; i++) await limiter.take(`flood-${i}`, 4)
    expect(store.size).toBe(3)
  })

  it('keys clients by the address the server put in X-Forwarded-For', () => {
    expect(clientKey(post('', 'application/json', { 'x-forwarded-for': '203.0.113.9' }))).toBe('203.0.113.9')
  })

  it('counts an IPv6 client per /64, and an IPv4 address written as IPv6 as IPv4', () => {
    const key = (address: string) => clientKey(post('', 'application/json', { 'x-forwarded-for': address }))
    expect(key('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64')
    expect(key('2001:db8:1:2::1')).toBe(key('2001:0db8:0001:0002:ffff::9'))
    expect(key('2001:db8:1:3::1')).not.toBe(key('2001:db8:1:2::1'))
    expect(key('::ffff:203.0.113.9')).toBe('203.0.113.9')
    expect(limitKey('::1')).toBe('0:0:0:0::/64')
  })
})

describe('a form endpoint whose store is down', () => {
  class StoreDown extends Error {}
  const endpoint = formEndpoint({
    validate: (body) => ({ ok: true, value: body }),
    store: () => Promise.reject(new StoreDown('connection terminated')),
    limiter: new RateLimiter('store-down', 10, 60_000, new MemoryHitStore()),
    unavailable: StoreDown,
  })

  it('answers 503 with Retry-After, so that the client sends the same request again shortly', async () => {
    const response = await endpoint(post('{"email":"a@example.com"}'))
    expect(response.status).toBe(503)
    expect(response.headers.get('retry-after')).toBe('5')
    expect(await response.json()).toMatchObject({ ok: false, code: 'unavailable' })
  })
})
