import { getOrderCopy, getSiteSettings } from '@/content/loaders'
import { getDb } from '@/db/connection'
import { fillTemplate } from '@/lib/templates'
import { linkOrigin } from '@/mail/link-origin'
import { formatCertificateCode, parseCertificateCode } from '@/stock/certificate-code'
import { certificateContent, certificatePath } from '@/stock/certificate-content'
import { certificatePdf } from '@/stock/certificate-pdf'
import { certificateByCode } from '@/stock/certificates'
import { collectionCertificateContent } from '@/collections/paperwork/paperwork-content'
import { paperworkPdf } from '@/collections/paperwork/paperwork-pdf'
import { collectionCertificateByNumber } from '@/collections/paperwork/paperwork-store'

export const dynamic = 'force-dynamic'

/**
 * A data-erasure certificate as a PDF, for anyone with its number: it holds nothing about the
 * seller, and its foot gives the address where it is checked; a business collection's lists every
 * device by IMEI, over as many pages as it takes. An unknown number is a 404.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ number: string }> }) {
  const code = parseCertificateCode(decodeURIComponent((await params).number))
  const db = await getDb()
  const [facts, collection, words, settings] = await Promise.all([
    code ? certificateByCode(db, code) : null,
    code ? collectionCertificateByNumber(db, code) : null,
    getOrderCopy().then((copy) => copy.certificate),
    getSiteSettings(),
  ])
  if (!code || (!facts && !collection)) {
    return new Response(`${words.unknownHeading}. ${words.unknown}`, {
      status: 404,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'x-robots-tag': 'noindex' },
    })
  }
  const check = fillTemplate(words.pdfCheck, { address: `${linkOrigin()}${certificatePath(code)}` })
  const pdf = facts
    ? await certificatePdf(certificateContent(facts, words), settings.productName, check)
    : await paperworkPdf(collectionCertificateContent(collection!, words), settings.productName, check)
  return new Response(Buffer.from(pdf), {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `inline; filename="certificate-${formatCertificateCode(code)}.pdf"`,
      // The same for everyone, and never changed once issued.
      'cache-control': 'public, max-age=86400',
      'x-robots-tag': 'noindex',
    },
  })
}
