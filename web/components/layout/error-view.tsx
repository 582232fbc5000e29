import type { ErrorCopy } from '@/content/types'
import { ContentLink } from '../ui/content-link'

/** The 404 and other-error pages: heading, large number, text and the way home. */
export function ErrorView({ copy }: { copy: ErrorCopy }) {
  return (
    <section className="error-view" aria-labelledby="error-heading">
      <h1 id="error-heading" className="error-view__heading">
        {copy.heading}
      </h1>
      <p className="error-view__code">{copy.code}</p>
      <p className="error-view__text">{copy.text}</p>
      <ContentLink link={copy.button} className="button button--primary" />
    </section>
  )
}
