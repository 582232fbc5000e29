import type { NewsletterContent } from '@/content/types'
import { NewsletterForm } from '../forms/newsletter-form'

/** The newsletter strip above the footer. */
export function NewsletterStrip({ copy }: { copy: NewsletterContent }) {
  return (
    <section className="newsletter" aria-labelledby="newsletter-heading">
      <div className="newsletter__inner">
        <div className="newsletter__text">
          <h2 id="newsletter-heading">{copy.heading}</h2>
          {copy.text ? <p>{copy.text}</p> : null}
        </div>
        <NewsletterForm copy={copy} />
      </div>
    </section>
  )
}
