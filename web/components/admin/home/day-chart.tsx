export type ChartPoint = { day: string; value: number | null }

type Props = {
  /** Unique on the page: names the chart's title for the drawing. */
  id: string
  title: string
  points: ChartPoint[]
  /** The words of the table: its disclosure, its column heads, and what a day without a value shows. */
  words: { toggle: string; dayColumn: string; valueColumn: string; noValue: string }
  /** The top of the scale when it is fixed (100 for a share in per cent); else from the numbers. */
  top?: number
  /** A promise to draw as a line across the chart, with its label. */
  promise?: { value: number; label: string }
}

const WIDTH = 640
const HEIGHT = 240
const PLOT = { left: 52, right: 8, top: 16, bottom: 34 }
const shortDay = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' })
const longDay = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' })
const dayDate = (day: string) => new Date(`${day}T00:00:00Z`)
const number = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 })

/** A round top for the scale: 1, 2 or 5 times a power of ten, at least `value`. */
function scaleTop(value: number): number {
  if (value <= 0) return 1
  const power = 10 ** Math.floor(Math.log10(value))
  return [1, 2, 5, 10].map((step) => step * power).find((top) => top >= value)!
}

/**
 * One number a day as bars, drawn on the server as SVG (no script), with the promise as a dashed
 * line; the same numbers follow as a table behind a disclosure, for screen readers and for anyone
 * who would rather read them.
 */
export function DayChart({ id, title, points, words, top: fixedTop, promise }: Props) {
  const titleId = `${id}-title`
  const top = fixedTop ?? scaleTop(Math.max(promise?.value ?? 0, ...points.map((point) => point.value ?? 0)))
  const plotWidth = WIDTH - PLOT.left - PLOT.right
  const plotHeight = HEIGHT - PLOT.top - PLOT.bottom
  const band = plotWidth / Math.max(points.length, 1)
  const y = (value: number) => PLOT.top + plotHeight - (value / top) * plotHeight
  const labelled = [0, Math.floor((points.length - 1) / 2), points.length - 1]
  return (
    <figure className="admin-chart" id={id}>
      <figcaption id={titleId} className="admin-chart__title">
        {title}
      </figcaption>
      <svg
        className="admin-chart__svg"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={titleId}
        preserveAspectRatio="xMidYMid meet"
      >
        {(Number.isInteger(top / 2) ? [0, top / 2, top] : [0, top]).map((tick) => (
          <g key={tick}>
            <line className="admin-chart__grid" x1={PLOT.left} x2={WIDTH - PLOT.right} y1={y(tick)} y2={y(tick)} />
            <text className="admin-chart__tick" x={PLOT.left - 6} y={y(tick) + 7} textAnchor="end">
              {number.format(tick)}
            </text>
          </g>
        ))}
        {points.map((point, index) =>
          point.value ? (
            <rect
              key={point.day}
              className="admin-chart__bar"
              x={PLOT.left + index * band + band * 0.15}
              width={band * 0.7}
              y={y(point.value)}
              height={y(0) - y(point.value)}
            />
          ) : null,
        )}
        {labelled.map((index) => {
          const point = points[index]
          return point ? (
            <text
              key={point.day}
              className="admin-chart__tick"
              x={PLOT.left + index * band + band / 2}
              y={HEIGHT - 8}
              textAnchor={index === 0 ? 'start' : index === points.length - 1 ? 'end' : 'middle'}
            >
              {shortDay.format(dayDate(point.day))}
            </text>
          ) : null
        })}
        {promise ? (
          <g>
            <line
              className="admin-chart__promise"
              x1={PLOT.left}
              x2={WIDTH - PLOT.right}
              y1={y(promise.value)}
              y2={y(promise.value)}
            />
          </g>
        ) : null}
      </svg>
      {promise ? <p className="admin-chart__legend">{promise.label}</p> : null}
      <details className="admin-chart__numbers">
        <summary>{words.toggle}</summary>
        <table className="admin-table">
          <caption className="visually-hidden">{title}</caption>
          <thead>
            <tr>
              <th scope="col">{words.dayColumn}</th>
              <th scope="col" className="admin-table__number">
                {words.valueColumn}
              </th>
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.day}>
                <th scope="row">
                  <time dateTime={point.day}>{longDay.format(dayDate(point.day))}</time>
                </th>
                <td className="admin-table__number">
                  {point.value === null ? words.noValue : number.format(point.value)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  )
}
