import 'server-only'
import { SHIPPED_BANK_HOLIDAYS } from '@rules/bank-holidays'
import { getClosureDays } from '@/content/loaders'
import { isDayString, type BusinessCalendar } from './working-days'

/**
 * The business calendar now: England and Wales bank holidays as shipped (content-rules/
 * bank-holidays.json, kept current by `npm run bank-holidays`) joined with the closure days editors
 * add in Site settings. A closure day that is not a real date is left out rather than trusted.
 */
export async function businessCalendar(): Promise<BusinessCalendar> {
  return calendarOf(await getClosureDays())
}

/** The calendar with these closure days added to the shipped bank holidays. */
export function calendarOf(closureDays: readonly string[]): BusinessCalendar {
  return { closedDays: new Set([...SHIPPED_BANK_HOLIDAYS, ...closureDays.filter(isDayString)]) }
}
