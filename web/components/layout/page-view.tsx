import type { ReactNode } from 'react'
import type { Breadcrumb, DeviceCatalogue, PageContent, SellingCopy } from '@/content/types'
import type { BasketView } from '@/basket/types'
import { PageSections } from '../sections/page-sections'
import { Breadcrumbs } from './breadcrumbs'

type Props = {
  page: PageContent
  crumbs: Breadcrumb[]
  breadcrumbLabel: string
  catalogue: DeviceCatalogue
  basketCopy: SellingCopy['basket']
  basket?: BasketView | null
  account?: ReactNode
  order?: ReactNode
}

/** A CMS page: breadcrumbs, its heading (unless a hero opens the page) and its sections. */
export function PageView({ page, crumbs, breadcrumbLabel, catalogue, basketCopy, basket, account, order }: Props) {
  const opensWithHero = page.sections[0]?._type === 'heroSection'
  return (
    <article className="page">
      <Breadcrumbs crumbs={crumbs} label={breadcrumbLabel} />
      {opensWithHero ? null : (
        <header className="page__header">
          <h1>{page.title}</h1>
          {page.intro ? <p className="page__intro">{page.intro}</p> : null}
        </header>
      )}
      <PageSections
        sections={page.sections}
        catalogue={catalogue}
        basketCopy={basketCopy}
        basket={basket}
        account={account}
        order={order}
        path={page.path}
      />
    </article>
  )
}
