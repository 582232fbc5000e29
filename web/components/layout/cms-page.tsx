import type { ReactNode } from 'react'
import { notFound } from 'next/navigation'
import { JsonLd } from '@/components/seo/json-ld'
import {
  getBreadcrumbs,
  getDeviceCatalogue,
  getHeader,
  getPage,
  getSellingCopy,
  getSiteSettings,
} from '@/content/loaders'
import { withoutStega } from '@/content/stega'
import { breadcrumbList, faqPage } from '@/content/structured-data'
import type { BasketView } from '@/basket/types'
import { PageView } from './page-view'

/** The page document at `path` with its structured data; 404 when there is none. */
export async function CmsPage({
  path,
  basket,
  account,
  order,
}: {
  path: string
  basket?: BasketView | null
  /** What an account page shows where its editor placed the account section. */
  account?: ReactNode
  /** What an order page shows where its editor placed the order section. */
  order?: ReactNode
}) {
  const [page, crumbs, catalogue, header, sellingCopy, structuredData] = await Promise.all([
    getPage(path),
    getBreadcrumbs(path),
    getDeviceCatalogue(),
    getHeader(),
    getSellingCopy(),
    withoutStega(() => pageStructuredData(path)),
  ])
  if (!page) notFound()
  return (
    <>
      <JsonLd data={structuredData.breadcrumbs} />
      <JsonLd data={structuredData.faqs} />
      <PageView
        page={page}
        crumbs={crumbs}
        breadcrumbLabel={header.controls.breadcrumbLabel}
        catalogue={catalogue}
        basketCopy={sellingCopy.basket}
        basket={basket}
        account={account}
        order={order}
      />
    </>
  )
}

/** The page's breadcrumbs and FAQs for search engines, from its content read without stega. */
async function pageStructuredData(path: string) {
  const [page, crumbs, settings] = await Promise.all([getPage(path), getBreadcrumbs(path), getSiteSettings()])
  return { breadcrumbs: breadcrumbList(crumbs, settings.siteUrl), faqs: page ? faqPage(page.sections) : null }
}
