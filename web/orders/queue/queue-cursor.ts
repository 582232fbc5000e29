import { createHmac, timingSafeEqual } from 'node:crypto'
import type { QueueSort } from './order-search'

/**
 * Where a page of the staff list starts: after (or before) the row with this key, in this order.
 * `since` is the row's status_since to the microsecond, as PostgreSQL keeps it (a JavaScript Date
 * would round it, and a page would then repeat or skip a row).
 */
export type QueueCursor = { sort: QueueSort; direction: 'next' | 'previous'; since: string; id: string }

const SINCE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

const sign = (body: string, key: Buffer) => createHmac('sha256', key).update(body).digest().subarray(0, 16)

/** A link's `?page=`: the key, signed, so a page link cannot be edited into a query of its own. */
export function encodeCursor(cursor: QueueCursor, key: Buffer): string {
  const body = Buffer.from(JSON.stringify([cursor.sort, cursor.direction, cursor.since, cursor.id])).toString(
    'base64url',
  )
  return `${body}.${sign(body, key).toString('base64url')}`
}

/**
 * The cursor a link carries, or null for anything else: a signature that does not hold, a shape
 * that is not a cursor's, or one made for the other order (the list then starts at the top).
 */
export function decodeCursor(typed: string | undefined, sort: QueueSort, key: Buffer): QueueCursor | null {
  if (!typed || typed.length > 400) return null
  const [body, signature, extra] = typed.split('.')
  if (!body || !signature || extra !== undefined) return null
  const given = Buffer.from(signature, 'base64url')
  const expected = sign(body, key)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
  let parsed: unknown
  try {
    parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'))
  } catch {
    return null
  }
  if (!Array.isArray(parsed) || parsed.length !== 4) return null
  const [cursorSort, direction, since, id] = parsed as unknown[]
  if (cursorSort !== sort || (direction !== 'next' && direction !== 'previous')) return null
  if (typeof since !== 'string' || !SINCE.test(since) || typeof id !== 'string' || !UUID.test(id)) return null
  return { sort, direction, since, id }
}
