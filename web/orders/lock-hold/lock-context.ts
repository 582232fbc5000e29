/**
 * What a lock hold reads before its transaction: the editors' working days to remove a lock, the
 * business calendar, and the e-mails' words with where their links start.
 */
import 'server-only'
import { getOrderCopy } from '@/content/loaders'
import { linkOrigin } from '@/mail/link-origin'
import { businessCalendar } from '@/orders/record/business-calendar'
import { loadOrderMailContext } from '@/orders/record/mail-context'
import type { LockContext } from './lock-hold'

export async function lockContext(origin = linkOrigin()): Promise<LockContext> {
  const [copy, calendar, mail] = await Promise.all([getOrderCopy(), businessCalendar(), loadOrderMailContext(origin)])
  return { lockWorkingDays: copy.timings.lockWorkingDays, calendar, mail }
}
