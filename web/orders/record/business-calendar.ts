import 'server-only'
import { getClosureDays } from '@/content/loaders'
import { calendarOf, type BusinessCalendar } from './working-days'

/**
 * The business calendar now: England and Wales bank holidays as shipped (content-rules/
 * bank-holidays.json, kept current by `npm run bank-holidays`) joined with the closure days editors
 * add in Site settings (calendarOf, in working-days.ts).
 */
export async function businessCalendar(): Promise<BusinessCalendar> {
  return calendarOf(await getClosureDays())
}
