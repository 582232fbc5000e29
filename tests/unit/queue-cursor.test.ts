import { randomBytes } from 'node:crypto'
import { decodeCursor, encodeCursor, type QueueCursor } from '@/orders/queue/queue-cursor'

const key = randomBytes(32)
const cursor: QueueCursor = {
  sort: 'oldest',
  direction: 'next',
  since: '2026-11-27T09:15:02.123456Z',
  id: '0b6f2f6e-2d8a-4b8e-9a57-7d1f0c9c1a11',
}

describe('the staff list’s page cursor', () => {
  it('comes back as it went, to the microsecond', () => {
    expect(decodeCursor(encodeCursor(cursor, key), 'oldest', key)).toEqual(cursor)
    const back = { ...cursor, sort: 'newest' as const, direction: 'previous' as const }
    expect(decodeCursor(encodeCursor(back, key), 'newest', key)).toEqual(back)
  })

  it('is opaque: the link shows no date or id', () => {
    const link = encodeCursor(cursor, key)
    expect(link).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/)
    expect(link).not.toContain('2026')
  })

  it('refuses one edited, signed with another key, cut short or made up', () => {
    const link = encodeCursor(cursor, key)
    const [body, signature] = link.split('.') as [string, string]
    const edited = Buffer.from(Buffer.from(body, 'base64url').toString().replace('2026-11-27', '2020-01-01')).toString(
      'base64url',
    )
    expect(decodeCursor(`${edited}.${signature}`, 'oldest', key)).toBeNull()
    expect(decodeCursor(encodeCursor(cursor, randomBytes(32)), 'oldest', key)).toBeNull()
    expect(decodeCursor(body, 'oldest', key)).toBeNull()
    expect(decodeCursor(`${link}.x`, 'oldest', key)).toBeNull()
    expect(decodeCursor(`${body}.${signature.slice(0, -2)}`, 'oldest', key)).toBeNull()
    for (const junk of ['', '.', 'x.y', "'; drop table seller_order; --", 'a'.repeat(5000)]) {
      expect(decodeCursor(junk, 'oldest', key)).toBeNull()
    }
  })

  it('refuses a signed cursor that is not a cursor’s shape, or one for the other order', () => {
    expect(decodeCursor(encodeCursor(cursor, key), 'newest', key)).toBeNull()
    const bad = (over: Partial<QueueCursor>) => encodeCursor({ ...cursor, ...over } as QueueCursor, key)
    expect(decodeCursor(bad({ since: '2026-11-27 09:15' }), 'oldest', key)).toBeNull()
    expect(decodeCursor(bad({ id: "1' or '1'='1" }), 'oldest', key)).toBeNull()
    expect(decodeCursor(bad({ direction: 'sideways' as 'next' }), 'oldest', key)).toBeNull()
  })
})
