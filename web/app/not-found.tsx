import type { Metadata } from 'next'
import { ErrorView } from '@/components/layout/error-view'
import { getErrorPages } from '@/content/loaders'

export async function generateMetadata(): Promise<Metadata> {
  const { notFound } = await getErrorPages()
  return { title: notFound.title, robots: { index: false } }
}

export default async function NotFound() {
  const { notFound } = await getErrorPages()
  return <ErrorView copy={notFound} />
}
