import type { APIRequestContext, APIResponse } from '@playwright/test'
import { testClientAddress } from '../support/e2e-env'
import { GOOD_ANSWERS, IPHONE_13 } from './sell-helpers'

export type Line = {
  id: string
  device: string
  gradeName: string
  quantity: number
  pricePence: number | null
  addedPricePence: number
  lineTotalPence: number
}
export type Basket = { lines: Line[]; removed: Line[]; count: number; totalPence: number; limit: number }
export type Answer = {
  ok: boolean
  code?: string
  message?: string
  errors?: Array<{ field: string; message: string }>
  basket?: Basket
}

export const GOOD_IPHONE = { model: IPHONE_13.id, storage: '128gb', answers: GOOD_ANSWERS }
export const UNKNOWN_CHOICE = 'That choice is not one we offer for this device. Choose again.'

/**
 * One visitor: its own client address, and the request context's own cookie jar, which keeps
 * the basket cookie from one call to the next as a browser would.
 */
export function visitor(request: APIRequestContext, address = testClientAddress()) {
  const headers = { 'x-forwarded-for': address }
  const answer = async (response: APIResponse) => ({
    status: response.status(),
    body: (await response.json()) as Answer,
    response,
  })
  return {
    add: async (data: unknown, extra: Record<string, string> = {}) =>
      answer(
        await request.post('/api/basket', {
          headers: { ...headers, 'content-type': 'application/json', ...extra },
          // A Buffer goes out byte for byte; Playwright would re-encode a string it cannot parse as JSON.
          data: Buffer.from(typeof data === 'string' ? data : JSON.stringify(data)),
        }),
      ),
    change: async (lineId: string, change: unknown, extra: Record<string, string> = {}) =>
      answer(
        await request.patch(`/api/basket/lines/${lineId}`, {
          headers: { ...headers, 'content-type': 'application/json', ...extra },
          data: Buffer.from(JSON.stringify({ change })),
        }),
      ),
    basket: async (extra: Record<string, string> = {}) =>
      answer(await request.get('/api/basket', { headers: { ...headers, ...extra } })),
  }
}
