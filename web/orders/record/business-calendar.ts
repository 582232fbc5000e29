/**
 * The business calendar now, for the payout job and the staff pages: the England and Wales bank
 * holidays shipped in content-rules/bank-holidays.json (kept current by `npm run bank-holidays`)
 * joined with the closure days editors add in Site settings.
 */
import 'server-only'
import { getClosureDays } from '@/content/loaders'
import { calendarOf, type BusinessCalendar } from './working-days'

export async function businessCalendar(): Promise<BusinessCalendar> {
  return calendarOf(await getClosureDays())
}
