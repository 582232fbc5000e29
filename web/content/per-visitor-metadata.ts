import 'server-only'
import type { Metadata } from 'next'
import { errorMetadata, pageMetadata } from '@/content/page-metadata'
import { getErrorPages, getPage, getSiteSettings } from './loaders'
import { withoutStega } from './stega'

/**
 * The metadata of a page made for the visitor in front of it (a basket, an account, an order):
 * the page document's, never indexed; the not-found title when there is no such document.
 */
export function perVisitorMetadata(path: string): Promise<Metadata> {
  return withoutStega(async () => {
    const page = await getPage(path)
    if (!page) return errorMetadata((await getErrorPages()).notFound.title)
    return { ...pageMetadata(await getSiteSettings(), page), robots: { index: false } }
  })
}
