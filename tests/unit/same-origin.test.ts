import { isCrossOrigin } from '@/http/same-origin'

const request = (headers: Record<string, string>) =>
  new Request('http://shop.example/order-tracker-details', {
    method: 'POST',
    headers: { host: 'shop.example', ...headers },
  })

describe('isCrossOrigin', () => {
  it('lets this site, and clients that send no Origin, through', () => {
    expect(isCrossOrigin(request({ origin: 'http://shop.example' }))).toBe(false)
    expect(isCrossOrigin(request({}))).toBe(false)
  })

  it('refuses another site, and an Origin that is not an address', () => {
    expect(isCrossOrigin(request({ origin: 'https://evil.example' }))).toBe(true)
    expect(isCrossOrigin(request({ origin: 'not a url' }))).toBe(true)
  })

  it('reads Sec-Fetch-Site when a no-referrer page makes the browser send Origin: null', () => {
    expect(isCrossOrigin(request({ origin: 'null', 'sec-fetch-site': 'same-origin' }))).toBe(false)
    expect(isCrossOrigin(request({ origin: 'null', 'sec-fetch-site': 'cross-site' }))).toBe(true)
    expect(isCrossOrigin(request({ origin: 'null' }))).toBe(true)
  })
})
