import type { NewsletterContent } from '@/content/types'
import { ContentLink } from '../ui/content-link'

/** The newsletter strip above the footer. Sign-up itself arrives with the newsletter endpoint. */
export function NewsletterStrip({ copy }: { copy: NewsletterContent }) {
  return (
    <section className="newsletter" aria-labelledby="newsletter-heading">
      <div className="newsletter__inner">
        <h2 id="newsletter-heading">{copy.heading}</h2>
        {copy.text ? <p>{copy.text}</p> : null}
        <p className="newsletter__consent">
          {copy.consentText} <ContentLink link={copy.privacyLink} />
        </p>
      </div>
    </section>
  )
}
