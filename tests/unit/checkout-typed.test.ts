import { clearTypedCookie, keepTypedCookie, readTypedCookie, TYPED_COOKIE } from '@/orders/checkout-typed'

const env = { BETTER_AUTH_SECRET: 'a-test-secret-that-is-long-enough-0123456789' }
const typed = {
  name: 'Ann Seller',
  email: 'ann.seller@example.com',
  phone: '07700 900123',
  addressLine1: '12 Acacia Avenue',
  town: 'Leeds',
  postcode: 'LS1 4AP',
  sortCode: '12-34-56',
  accountNumber: '12345678',
}
const http = new Request('http://shop.example/api/orders/checkout', { method: 'POST' })
const https = new Request('https://shop.example/api/orders/checkout', { method: 'POST' })
const proxied = new Request('http://10.0.0.5:3000/api/orders/checkout', {
  method: 'POST',
  headers: { 'x-forwarded-proto': 'https' },
})

const valueOf = (cookie: string) => cookie.slice(`${TYPED_COOKIE}=`.length).split(';')[0] ?? ''
const attributes = (cookie: string) => cookie.split('; ').slice(1)

describe('the checkout\'s "what was typed" cookie', () => {
  it('holds no plaintext: neither the fields nor any encoding of them can be read from it', () => {
    const value = valueOf(keepTypedCookie(typed, http, { env }))
    const decodings = [value, decodeURIComponent(value), Buffer.from(value, 'base64url').toString('latin1')]
    for (const text of decodings) {
      for (const field of Object.values(typed)) expect(text).not.toContain(field)
      expect(text).not.toMatch(/"name"|"email"/)
    }
  })

  it('gives back what was typed, except the bank numbers, which are never kept', () => {
    const value = valueOf(keepTypedCookie(typed, http, { env }))
    const kept = Object.fromEntries(Object.entries(typed).filter(([field]) => !/sortCode|accountNumber/.test(field)))
    expect(readTypedCookie(value, { env })).toEqual(kept)
  })

  it('is HttpOnly, SameSite=Lax, for the checkout page only, short-lived, and Secure over https', () => {
    const plain = attributes(keepTypedCookie(typed, http, { env }))
    expect(plain).toEqual(['Path=/complete-order', 'Max-Age=900', 'HttpOnly', 'SameSite=Lax'])
    expect(attributes(keepTypedCookie(typed, https, { env }))).toEqual([...plain, 'Secure'])
    expect(attributes(keepTypedCookie(typed, proxied, { env }))).toEqual([...plain, 'Secure'])
    expect(attributes(clearTypedCookie(https))).toEqual([
      'Path=/complete-order',
      'Max-Age=0',
      'HttpOnly',
      'SameSite=Lax',
      'Secure',
    ])
  })

  it('is ignored when tampered with, sealed under another secret, forged in the clear or too old', () => {
    const value = valueOf(keepTypedCookie(typed, http, { env }))
    const flipped = (at: number) => `${value.slice(0, at)}${value[at] === 'A' ? 'B' : 'A'}${value.slice(at + 1)}`
    // The last character of unpadded base64url may carry padding bits that decoding drops, so a
    // change there can leave the bytes as they were (it made this test fail now and then): the
    // one before it is all data, and sits in the authentication tag.
    for (const at of [3, Math.floor(value.length / 2), value.length - 2]) {
      expect(readTypedCookie(flipped(at), { env })).toEqual({})
    }
    const foreign = valueOf(keepTypedCookie(typed, http, { env: { BETTER_AUTH_SECRET: `${env.BETTER_AUTH_SECRET}x` } }))
    expect(readTypedCookie(foreign, { env })).toEqual({})
    const forged = Buffer.from(JSON.stringify({ name: 'Mallory' })).toString('base64url')
    expect(readTypedCookie(forged, { env })).toEqual({})
    const old = valueOf(keepTypedCookie(typed, http, { env, now: new Date(Date.now() - 16 * 60 * 1000) }))
    expect(readTypedCookie(old, { env })).toEqual({})
    expect(readTypedCookie(undefined, { env })).toEqual({})
    expect(readTypedCookie('', { env })).toEqual({})
  })
})
