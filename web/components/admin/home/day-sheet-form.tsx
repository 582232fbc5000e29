import type { OrderCopy } from '@/content/types'

type Props = {
  words: Pick<OrderCopy['figures'], 'csvHeading' | 'csvHelp' | 'csvDate' | 'csvButton'>
  /** Today in London, "2026-11-27": the day the form offers first. */
  today: string
}

/** Picks the day of the accountant's sheet: a plain GET form, so it works without JavaScript. */
export function DaySheetForm({ words, today }: Props) {
  return (
    <section aria-labelledby="day-sheet">
      <h2 id="day-sheet">{words.csvHeading}</h2>
      <form className="admin-filter" method="get" action="/admin/figures/day.csv">
        <div className="field field--short">
          <label htmlFor="day-sheet-date">{words.csvDate}</label>
          <p className="field__hint" id="day-sheet-help">
            {words.csvHelp}
          </p>
          <input
            id="day-sheet-date"
            name="date"
            type="date"
            required
            defaultValue={today}
            max={today}
            aria-describedby="day-sheet-help"
          />
        </div>
        <button type="submit" className="button">
          {words.csvButton}
        </button>
      </form>
    </section>
  )
}
