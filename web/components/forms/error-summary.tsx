import '@/styles/error-summary.css'
import type { Ref } from 'react'

export type SummaryError = {
  href: string
  text: string
  /** The problem's code, for scripts and tests. */ code?: string
}

/** The GOV.UK error summary: a titled list at the top of a form, each problem linking to its field. */
export function ErrorSummary({
  title,
  errors,
  ref,
  autoFocus,
}: {
  title: string
  errors: SummaryError[]
  ref?: Ref<HTMLDivElement>
  /** Focused as the page loads: a form sent back to a browser running no scripts. */
  autoFocus?: boolean
}) {
  return (
    <div ref={ref} className="error-summary" tabIndex={-1} role="alert" hidden={!errors.length} autoFocus={autoFocus}>
      {errors.length ? (
        <>
          <h2 className="error-summary__title">{title}</h2>
          <ul>
            {errors.map((error) => (
              <li key={error.href}>
                <a href={error.href} data-problem={error.code}>
                  {error.text}
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  )
}
