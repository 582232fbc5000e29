import type { Metadata } from 'next'
import { redirect } from 'next/navigation'
import { CertificateCheck } from '@/components/certificates/certificate-view'
import { getOrderCopy } from '@/content/loaders'
import { withoutStega } from '@/content/stega'
import { firstValues, type Query } from '@/http/search-params'
import { parseCertificateCode } from '@/stock/certificate-code'
import { certificatePath } from '@/stock/certificate-content'

// What is typed decides where the visitor goes: per request, never indexed.
export const dynamic = 'force-dynamic'

export async function generateMetadata(): Promise<Metadata> {
  const words = (await withoutStega(getOrderCopy)).certificate
  return { title: words.checkHeading, robots: { index: false, follow: false } }
}

/**
 * Where the check form sends a typed number (a plain GET, so it works without scripts): on to that
 * certificate's page, where an unknown number is said to be unknown. With nothing typed, the form.
 */
export default async function CertificatesPage({ searchParams }: { searchParams: Promise<Query> }) {
  const typed = (firstValues(await searchParams).number ?? '').trim()
  if (typed) {
    const code = parseCertificateCode(typed)
    redirect(code ? certificatePath(code) : `/certificates/${encodeURIComponent(typed.slice(0, 40))}`)
  }
  const words = (await getOrderCopy()).certificate
  return (
    <article className="page">
      <header className="page__header">
        <h1>{words.heading}</h1>
      </header>
      <CertificateCheck words={words} />
    </article>
  )
}
