import type { Metadata } from 'next'
import { CmsPage } from '@/components/layout/cms-page'
import { getErrorPages, getPage, getPagePaths, getSiteSettings } from '@/content/loaders'
import { withoutStega } from '@/content/stega'
import { errorMetadata, pageMetadata } from '@/content/page-metadata'
import { PER_VISITOR_PATHS } from '@/lib/per-visitor-paths'

type Props = { params: Promise<{ slug?: string[] }> }

// Every page is built from its CMS document; an address without one is a 404. Addresses not
// known at build time are rendered on first request, so a page published later needs no rebuild.
// (dynamicParams = false would also refuse to regenerate a known page after on-demand revalidation.)
// The basket and checkout pages have routes of their own, rendered per visitor.

export async function generateStaticParams() {
  const paths = (await getPagePaths()).filter((path) => !PER_VISITOR_PATHS.includes(path))
  return paths.map((path) => ({ slug: path.split('/').filter(Boolean) }))
}

const pathOf = (slug: string[] | undefined) => `/${(slug ?? []).join('/')}`

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const path = pathOf((await params).slug)
  return withoutStega(async () => {
    const page = await getPage(path)
    if (!page) return errorMetadata((await getErrorPages()).notFound.title)
    return pageMetadata(await getSiteSettings(), page)
  })
}

export default async function Page({ params }: Props) {
  return <CmsPage path={pathOf((await params).slug)} />
}
