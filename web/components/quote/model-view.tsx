import type {
  Breadcrumb,
  ConditionGrade,
  ModelPage,
  PricingRules,
  SellingCopy,
  SubscriptionCopy,
} from '@/content/types'
import { formatPence } from '@/lib/money'
import { fillTemplate } from '@/lib/templates'
import { Breadcrumbs } from '../layout/breadcrumbs'
import { PriceAlertForm } from '../subscriptions/price-alert-form'
import { ContentImage } from '../ui/content-image'
import { QuoteForm, type QuoteChoices } from './quote-form'
import '@/styles/quote.css'

type Props = {
  model: ModelPage
  crumbs: Breadcrumb[]
  breadcrumbLabel: string
  rules: PricingRules
  grades: ConditionGrade[]
  copy: SellingCopy
  alertCopy: SubscriptionCopy['alertForm']
  initial?: QuoteChoices & { showErrors: boolean; problem?: string | null }
}

// The photo's box on the page, in CSS pixels; its height follows the picture's own shape.
const PHOTO_WIDTH = 160

/** A model's page: what it is, the most we pay, and the price checker. */
export function ModelView({ model, crumbs, breadcrumbLabel, rules, grades, copy, alertCopy, initial }: Props) {
  const { image } = model
  return (
    <article className="page model">
      <Breadcrumbs crumbs={crumbs} label={breadcrumbLabel} />
      <header className="page__header model__header">
        {image?.src ? (
          <ContentImage
            className="model__photo"
            src={image.src}
            alt={image.alt}
            width={PHOTO_WIDTH}
            height={image.width && image.height ? Math.round((PHOTO_WIDTH * image.height) / image.width) : PHOTO_WIDTH}
            eager
          />
        ) : null}
        <h1>{fillTemplate(copy.modelPage.title, { make: model.make, model: model.name })}</h1>
        <p className="model__top-price">
          {fillTemplate(copy.modelPage.upTo, { price: formatPence(model.topPricePence) })}
        </p>
        <p className="page__intro">{copy.modelPage.intro}</p>
      </header>
      <QuoteForm model={model} rules={rules} grades={grades} copy={copy.quote} initial={initial} />
      <PriceAlertForm modelId={model._id} modelName={`${model.make} ${model.name}`} copy={alertCopy} />
    </article>
  )
}
