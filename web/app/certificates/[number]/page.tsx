import type { Metadata } from 'next'
import { notFound, permanentRedirect } from 'next/navigation'
import { CertificateCheck, CertificateView } from '@/components/certificates/certificate-view'
import { getOrderCopy } from '@/content/loaders'
import { withoutStega } from '@/content/stega'
import { fillTemplate } from '@/lib/templates'
import { getDb } from '@/db/connection'
import { formatCertificateCode, parseCertificateCode } from '@/stock/certificate-code'
import { certificateContent, certificatePath } from '@/stock/certificate-content'
import { certificateByCode } from '@/stock/certificates'
import { collectionCertificateContent } from '@/collections/paperwork/paperwork-content'
import { collectionCertificateByNumber } from '@/collections/paperwork/paperwork-store'

// A certificate is read from the database by its number: per request, never indexed.
export const dynamic = 'force-dynamic'

type Props = { params: Promise<{ number: string }> }

const codeOf = async (params: Props['params']) => parseCertificateCode(decodeURIComponent((await params).number))

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const [words, code] = await Promise.all([withoutStega(getOrderCopy).then((copy) => copy.certificate), codeOf(params)])
  return {
    title: code ? fillTemplate(words.title, { number: formatCertificateCode(code) }) : words.unknownHeading,
    robots: { index: false, follow: false },
  }
}

/**
 * /certificates/3F9A-07C2-E41B: anyone holding a data-erasure certificate checks it here. A number
 * we issued shows the facts it records (the device, its IMEI's last digits, the standard, the date,
 * the result) and never the seller; a business collection's lists every device by its IMEI's last
 * digits too (the business's own PDF, by its signed link, has them whole) and names the
 * organisation, never a person or an address. Any other number, a changed one included,
 * is not found.
 */
export default async function CertificatePage({ params }: Props) {
  const code = await codeOf(params)
  const db = await getDb()
  const facts = code ? await certificateByCode(db, code) : null
  // Not one device's: perhaps a business collection's, which lists every device it brought.
  const collection = code && !facts ? await collectionCertificateByNumber(db, code) : null
  if (!facts && !collection) notFound()
  // Typed in lower case or without its dashes: sent on to the address as printed.
  const printed = certificatePath(code!)
  if ((await params).number !== printed.split('/').pop()) permanentRedirect(printed)
  const words = (await getOrderCopy()).certificate
  const content = facts ? certificateContent(facts, words) : collectionCertificateContent(collection!, words, 'ending')
  return (
    <article className="page">
      <header className="page__header">
        <h1>{content.heading}</h1>
      </header>
      <CertificateView
        content={content}
        genuine={words.genuine}
        pdfHref={certificatePath(code!, 'pdf')}
        pdfLink={words.pdfLink}
      />
      <CertificateCheck words={words} />
    </article>
  )
}
