import * as v from 'valibot'
import { oneLine } from '@/forms/schema'
import { normalisePostcode } from '@/lib/uk-formats'
import { normaliseDeviceId } from '@/register/device-id'
import { isOrderStatus, type OrderStatus } from '@/orders/record/lifecycle'
import { normaliseReference } from '@/orders/record/references'

/**
 * What the staff list's search box asks for, each kind found by an index: an order reference, an
 * e-mail address, a postcode, the start of a seller's name (lower-cased) and a device's IMEI or
 * serial number, each as stored.
 */
export type OrderSearch = {
  reference?: string
  email?: string
  postcode?: string
  namePrefix?: string
  deviceId?: string
}

const DEVICE_ID = /^[A-Z0-9]{8,17}$/

/**
 * The search box, however typed: an e-mail address (it has an "@"), an order reference or a
 * postcode, each only that; otherwise an IMEI or serial number (letters and digits) or the start of
 * a name (letters, no digits). Text that can be none of them matches nothing, so it is `{}` rather
 * than null (no search).
 */
export function parseOrderSearch(typed: string | undefined): OrderSearch | null {
  const value = v.parse(oneLine, typed)
  if (!value) return null
  if (value.includes('@')) return { email: value.toLowerCase() }
  const reference = normaliseReference(value)
  if (reference) return { reference }
  const postcode = normalisePostcode(value)
  if (postcode) return { postcode }
  const deviceId = normaliseDeviceId(value)
  if (DEVICE_ID.test(deviceId) && /\d/.test(deviceId)) return { deviceId }
  if (/\p{L}/u.test(value) && !/\d/.test(value) && value.length >= 2) return { namePrefix: value.toLowerCase() }
  return {}
}

export const parseStatusFilter = (typed: string | undefined): OrderStatus | null =>
  typed && isOrderStatus(typed) ? typed : null

/** The list's order: the longest waiting first (the default), or the newest in its status first. */
export type QueueSort = 'oldest' | 'newest'
export const parseSort = (typed: string | undefined): QueueSort => (typed === 'newest' ? 'newest' : 'oldest')

/** The age filter: only orders waiting in their status over a working day, or any age. */
/** Whose work the list shows: every order, the reader's claimed ones, nobody's, or packs to post. */
export const QUEUE_VIEWS = ['all', 'mine', 'unclaimed', 'packs', 'locks'] as const
export type QueueViewName = (typeof QUEUE_VIEWS)[number]
export const parseView = (value: string | undefined): QueueViewName =>
  (QUEUE_VIEWS as readonly string[]).includes(value ?? '') ? (value as QueueViewName) : 'all'

export type QueueAge = 'any' | 'over-working-day'
export const parseAge = (typed: string | undefined): QueueAge =>
  typed === 'over-working-day' ? 'over-working-day' : 'any'
