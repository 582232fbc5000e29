import type { SiteSettings } from '@/content/types'
import { Stars } from '../ui/stars'

/** The review rating under the header, on small screens only. */
export function RatingStrip({ rating }: { rating: SiteSettings['reviewRating'] }) {
  if (!rating.showMobileStrip) return null
  return (
    <a className="rating-strip" href={rating.url} rel="noopener">
      <Stars score={rating.score} label={rating.ratingLabel} />
      <span>{rating.countText}</span>
      <span className="rating-strip__site">{rating.siteName}</span>
    </a>
  )
}
