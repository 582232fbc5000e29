import type { OrderCopy } from '@/content/types'
import { formatPence } from '@/lib/money'
import { fillTemplate } from '@/lib/templates'
import type { DashboardFigures } from '@/orders/queue/figures'
import { DayChart, type ChartPoint } from './day-chart'
import { DaySheetForm } from './day-sheet-form'

type Props = {
  copy: OrderCopy
  figures: DashboardFigures
  /** The promises drawn on the time charts, in working hours. */
  promiseHours: { check: number; pay: number }
}

/** Today's numbers, the last days as charts (each with its table), and the accountant's day sheet. */
export function Dashboard({ copy, figures, promiseHours }: Props) {
  const words = copy.figures
  const { today, days } = figures
  const series = (value: (day: DashboardFigures['days'][number]) => number | null): ChartPoint[] =>
    days.map((day) => ({ day: day.day, value: value(day) }))
  const table = (valueColumn: string) => ({
    toggle: words.tableToggle,
    dayColumn: words.dayColumn,
    valueColumn,
    noValue: words.noValue,
  })
  const promise = (hours: number) => ({ value: hours, label: fillTemplate(words.promiseLine, { hours }) })
  const numbers: Array<[key: string, label: string, value: string, note?: string]> = [
    ['arrived', words.arrived, String(today.arrivedDevices)],
    ['checked', words.checked, String(today.checked)],
    [
      'waiting',
      words.waiting,
      String(today.waiting),
      fillTemplate(words.waitingOverdue, { count: today.waitingOverdue, days: copy.timings.checkWorkingDays }),
    ],
    ['paid', words.paid, String(today.paid)],
    ['paid-amount', words.paidAmount, formatPence(today.paidPence)],
    ['returns', words.returns, String(today.returnsToSend)],
  ]
  return (
    <>
      <section aria-labelledby="figures-today">
        <h2 id="figures-today">{words.todayHeading}</h2>
        <dl className="admin-figures">
          {numbers.map(([key, label, value, note]) => (
            <div key={key} className="admin-figures__item" data-figure={key}>
              <dt>{label}</dt>
              <dd className="admin-figures__value">{value}</dd>
              {note ? (
                <dd className={today.waitingOverdue ? 'admin-figures__note admin-queue--due' : 'admin-figures__note'}>
                  {note}
                </dd>
              ) : null}
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="figures-charts" className="admin-charts">
        <h2 id="figures-charts">{fillTemplate(words.chartsHeading, { days: days.length })}</h2>
        <DayChart
          id="chart-arrivals"
          title={words.arrivalsChart}
          points={series((day) => day.arrivedDevices)}
          words={table(words.devicesColumn)}
        />
        <DayChart
          id="chart-checks"
          title={words.checksChart}
          points={series((day) => day.checked)}
          words={table(words.checksColumn)}
        />
        <DayChart
          id="chart-revised"
          title={words.revisedChart}
          points={series((day) => day.revisedPercent)}
          words={table(words.percentColumn)}
          top={100}
        />
        <DayChart
          id="chart-check-hours"
          title={words.checkHoursChart}
          points={series((day) => day.checkHours)}
          words={table(words.hoursColumn)}
          promise={promise(promiseHours.check)}
        />
        <DayChart
          id="chart-pay-hours"
          title={words.payHoursChart}
          points={series((day) => day.payHours)}
          words={table(words.hoursColumn)}
          promise={promise(promiseHours.pay)}
        />
      </section>
      <DaySheetForm words={words} today={today.day} />
    </>
  )
}
