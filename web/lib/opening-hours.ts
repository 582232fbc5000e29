import { fillTemplate } from './templates'

type Period = { fromDay: string; toDay: string; opens: string; closes: string }

/** "17:00" → "5pm", "09:30" → "9:30am": the way UK sites write times. */
export function formatClock(time: string): string {
  const [h = 0, m = 0] = time.split(':').map(Number)
  const suffix = h < 12 ? 'am' : 'pm'
  const hour12 = h % 12 === 0 ? 12 : h % 12
  return m === 0 ? `${hour12}${suffix}` : `${hour12}:${String(m).padStart(2, '0')}${suffix}`
}

/** Each period through the editor's wording, for example "10am to 5pm, Monday to Friday". */
export function formatOpeningHours(template: string, periods: Period[]): string[] {
  return periods.map((period) =>
    fillTemplate(template, {
      opens: formatClock(period.opens),
      closes: formatClock(period.closes),
      fromDay: period.fromDay,
      toDay: period.toDay,
    }),
  )
}
