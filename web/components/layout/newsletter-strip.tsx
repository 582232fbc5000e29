import type { NewsletterContent } from '@/content/types'
import { NewsletterForm } from '../forms/newsletter-form'

/** The newsletter strip above the footer. */
export function NewsletterStrip({ copy }: { copy: NewsletterContent }) {
  // The form gets only the words it shows; the heading and text stay server markup.
  const { heading, text, ...formCopy } = copy
  return (
    <section className="newsletter" aria-labelledby="newsletter-heading">
      <div className="newsletter__inner">
        <div className="newsletter__text">
          <h2 id="newsletter-heading">{heading}</h2>
          {text ? <p>{text}</p> : null}
        </div>
        <NewsletterForm copy={formCopy} />
      </div>
    </section>
  )
}
