import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { ModelView } from '@/components/quote/model-view'
import { JsonLd } from '@/components/seo/json-ld'
import {
  getBreadcrumbs,
  getConditionGrades,
  getHeader,
  getModelPage,
  getModelSlugs,
  getPricingRules,
  getSellingCopy,
  getSiteSettings,
  getSubscriptionCopy,
  type ModelCategory,
} from '@/content/loaders'
import { withoutStega } from '@/content/stega'
import type { QuoteChoices } from '@/components/quote/quote-form'
import { formatPence } from '@/lib/money'
import { pageMetadata } from '@/content/page-metadata'
import { fillTemplate } from '@/lib/templates'
import { breadcrumbList } from '@/content/structured-data'

type Params = { params: Promise<{ model: string }> }

async function load(category: ModelCategory, slug: string) {
  const [model, copy, rules, grades, header, settings, subscriptionCopy] = await Promise.all([
    getModelPage(category, slug),
    getSellingCopy(),
    getPricingRules(),
    getConditionGrades(),
    getHeader(),
    getSiteSettings(),
    getSubscriptionCopy(),
  ])
  if (!model) notFound()
  const crumbs = [...(await getBreadcrumbs(model.href)), { path: model.href, title: model.name }]
  return { model, copy, rules, grades, header, settings, crumbs, alertCopy: subscriptionCopy.alertForm }
}

/** The routes behind /sell-my-phone/<model> and /sell-my-tab/<model>: one static page per model. */
export function modelPageRoute(category: ModelCategory) {
  return {
    async generateStaticParams() {
      return (await getModelSlugs(category)).map((model) => ({ model }))
    },

    async generateMetadata({ params }: Params): Promise<Metadata> {
      const slug = (await params).model
      const [model, copy, settings] = await withoutStega(() =>
        Promise.all([getModelPage(category, slug), getSellingCopy(), getSiteSettings()]),
      )
      if (!model) return {}
      const names = { make: model.make, model: model.name, price: formatPence(model.topPricePence) }
      return pageMetadata(settings, {
        title: fillTemplate(copy.modelPage.title, names),
        description: fillTemplate(copy.modelPage.description, names),
        path: model.href,
      })
    },

    async Page({ params }: Params) {
      const slug = (await params).model
      const [{ model, copy, rules, grades, header, crumbs, alertCopy }, trail] = await Promise.all([
        load(category, slug),
        withoutStega(() => load(category, slug)).then(({ settings, crumbs }) =>
          breadcrumbList(crumbs, settings.siteUrl),
        ),
      ])
      return (
        <>
          <JsonLd data={trail} />
          <ModelView
            model={model}
            crumbs={crumbs}
            breadcrumbLabel={header.controls.breadcrumbLabel}
            rules={rules}
            grades={grades}
            copy={copy}
            alertCopy={alertCopy}
          />
        </>
      )
    },
  }
}

type PriceProps = Params & { searchParams: Promise<Record<string, string | string[] | undefined>> }

/**
 * The price checker answered by the server, for browsers running no scripts: the same page with
 * the seller's choices filled in, and their price or what is missing. Never cached or indexed.
 */
export function modelPriceRoute(category: ModelCategory) {
  return {
    async generateMetadata({ params }: Params): Promise<Metadata> {
      const slug = (await params).model
      const [model, copy] = await withoutStega(() => Promise.all([getModelPage(category, slug), getSellingCopy()]))
      if (!model) return {}
      return {
        title: fillTemplate(copy.modelPage.title, { make: model.make, model: model.name }),
        robots: { index: false },
      }
    },

    async Page({ params, searchParams }: PriceProps) {
      const [{ model, copy, rules, grades, header, crumbs, alertCopy }, query] = await Promise.all([
        load(category, (await params).model),
        searchParams,
      ])
      const one = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined)
      const answers: QuoteChoices['answers'] = {}
      for (const question of rules.questions) {
        const value = one(query[question.key])
        if (value) answers[question.key] = value
      }
      return (
        <ModelView
          model={model}
          crumbs={crumbs}
          breadcrumbLabel={header.controls.breadcrumbLabel}
          rules={rules}
          grades={grades}
          copy={copy}
          alertCopy={alertCopy}
          initial={{
            storage: one(query.storage) ?? null,
            answers,
            showErrors: one(query.model) !== undefined,
          }}
        />
      )
    },
  }
}
