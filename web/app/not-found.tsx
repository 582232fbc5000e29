import type { Metadata } from 'next'
import { ErrorView } from '@/components/layout/error-view'
import { getErrorPages } from '@/content/loaders'
import { withoutStega } from '@/content/stega'
import { errorMetadata } from '@/content/page-metadata'

/** The not-found page, in the content's words, for any address that names nothing published. */
export async function generateMetadata(): Promise<Metadata> {
  const { notFound } = await withoutStega(getErrorPages)
  return errorMetadata(notFound.title)
}

export default async function NotFound() {
  const { notFound } = await getErrorPages()
  return <ErrorView copy={notFound} />
}
