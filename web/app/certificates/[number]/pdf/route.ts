import { getOrderCopy, getSiteSettings } from '@/content/loaders'
import { getDb } from '@/db/connection'
import { fillTemplate } from '@/lib/templates'
import { linkOrigin } from '@/mail/link-origin'
import { parseCertificateCode } from '@/stock/certificate-code'
import { certificateContent, certificatePath } from '@/stock/certificate-content'
import { certificatePdf } from '@/stock/certificate-pdf'
import { certificateByCode } from '@/stock/certificates'

export const dynamic = 'force-dynamic'

/**
 * A data-erasure certificate as a PDF, for anyone with its number: it holds nothing about the
 * seller, and its foot gives the address where it is checked. An unknown number is a 404.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ number: string }> }) {
  const code = parseCertificateCode(decodeURIComponent((await params).number))
  const [facts, words, settings] = await Promise.all([
    code ? certificateByCode(await getDb(), code) : null,
    getOrderCopy().then((copy) => copy.certificate),
    getSiteSettings(),
  ])
  if (!facts) {
    return new Response(`${words.unknownHeading}. ${words.unknown}`, {
      status: 404,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'x-robots-tag': 'noindex' },
    })
  }
  const content = certificateContent(facts, words)
  const pdf = await certificatePdf(
    content,
    settings.productName,
    fillTemplate(words.pdfCheck, { address: `${linkOrigin()}${certificatePath(facts.code)}` }),
  )
  return new Response(Buffer.from(pdf), {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `inline; filename="certificate-${content.number}.pdf"`,
      // The same for everyone, and never changed once issued.
      'cache-control': 'public, max-age=86400',
      'x-robots-tag': 'noindex',
    },
  })
}
