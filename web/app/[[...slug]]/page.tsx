import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { PageView } from '@/components/layout/page-view'
import { JsonLd } from '@/components/seo/json-ld'
import {
  getBreadcrumbs,
  getDeviceCatalogue,
  getErrorPages,
  getHeader,
  getPage,
  getPagePaths,
  getSiteSettings,
} from '@/content/loaders'
import { errorMetadata, pageMetadata } from '@/lib/page-metadata'
import { breadcrumbList, faqPage } from '@/lib/structured-data'

type Props = { params: Promise<{ slug?: string[] }> }

// Every page is built from its CMS document; an address without one is a 404. Addresses not
// known at build time are rendered on first request, so a page published later needs no rebuild.
// (dynamicParams = false would also refuse to regenerate a known page after on-demand revalidation.)

export async function generateStaticParams() {
  const paths = await getPagePaths()
  return paths.map((path) => ({ slug: path.split('/').filter(Boolean) }))
}

const pathOf = (slug: string[] | undefined) => `/${(slug ?? []).join('/')}`

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const page = await getPage(pathOf((await params).slug))
  if (!page) {
    const { notFound } = await getErrorPages()
    return errorMetadata(notFound.title)
  }
  return pageMetadata(await getSiteSettings(), page)
}

export default async function Page({ params }: Props) {
  const path = pathOf((await params).slug)
  const [page, crumbs, catalogue, header, settings] = await Promise.all([
    getPage(path),
    getBreadcrumbs(path),
    getDeviceCatalogue(),
    getHeader(),
    getSiteSettings(),
  ])
  if (!page) notFound()
  return (
    <>
      <JsonLd data={breadcrumbList(crumbs, settings.siteUrl)} />
      <JsonLd data={faqPage(page.sections)} />
      <PageView page={page} crumbs={crumbs} breadcrumbLabel={header.controls.breadcrumbLabel} catalogue={catalogue} />
    </>
  )
}
