import type { ConditionGrade, SellingCopy } from '@/content/types'
import { formatPence } from '@/lib/money'
import type { Quote } from '@/lib/pricing'
import { fillTemplate } from '@/lib/templates'
import { ContentLink } from '../ui/content-link'

type Props = { result: Quote; grades: ConditionGrade[]; copy: SellingCopy['quote'] }

/** The price (or why there is none), announced as it changes. */
export function QuoteResult({ result, grades, copy }: Props) {
  const grade = result.kind === 'price' ? grades.find((g) => g.key === result.gradeKey) : undefined
  return (
    <section className={`quote__result quote__result--${result.kind}`} aria-live="polite" aria-atomic="true">
      <h3 className="quote__result-heading">{result.kind === 'refused' ? copy.refusedHeading : copy.priceHeading}</h3>
      {result.kind === 'price' ? (
        <>
          <p className="quote__price" data-testid="quote-price">
            {fillTemplate(copy.price, { price: formatPence(result.pence) })}
          </p>
          <p className="quote__grade">
            {fillTemplate(copy.grade, { grade: grade?.name ?? result.gradeKey })}
            {grade?.summary ? ` – ${grade.summary}` : ''}
          </p>
          <p className="quote__hold">{copy.hold}</p>
        </>
      ) : result.kind === 'refused' ? (
        <p>{result.refusal}</p>
      ) : result.kind === 'unpriced' ? (
        <p>{copy.unknownChoice}</p>
      ) : (
        <p>{copy.pricePending}</p>
      )}
      <p className="quote__criteria">
        <ContentLink link={copy.criteriaLink} />
      </p>
    </section>
  )
}
