import type { Breadcrumb, ConditionGrade, ModelPage, PricingRules, SellingCopy } from '@/content/types'
import { formatPence } from '@/lib/money'
import { fillTemplate } from '@/lib/templates'
import { Breadcrumbs } from '../layout/breadcrumbs'
import { QuoteForm, type QuoteChoices } from './quote-form'
import '@/styles/quote.css'

type Props = {
  model: ModelPage
  crumbs: Breadcrumb[]
  breadcrumbLabel: string
  rules: PricingRules
  grades: ConditionGrade[]
  copy: SellingCopy
  initial?: QuoteChoices & { showErrors: boolean; problem?: string | null }
}

/** A model's page: what it is, the most we pay, and the price checker. */
export function ModelView({ model, crumbs, breadcrumbLabel, rules, grades, copy, initial }: Props) {
  return (
    <article className="page model">
      <Breadcrumbs crumbs={crumbs} label={breadcrumbLabel} />
      <header className="page__header">
        <h1>{fillTemplate(copy.modelPage.title, { make: model.make, model: model.name })}</h1>
        <p className="model__top-price">
          {fillTemplate(copy.modelPage.upTo, { price: formatPence(model.topPricePence) })}
        </p>
        <p className="page__intro">{copy.modelPage.intro}</p>
      </header>
      <QuoteForm model={model} rules={rules} grades={grades} copy={copy.quote} initial={initial} />
    </article>
  )
}
