import { getStaffMember } from '@/accounts/session'
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
import { readCollectionCertificateToken } from '@/collections/paperwork/certificate-link'

export const dynamic = 'force-dynamic'

/**
 * A data-erasure certificate as a PDF, for anyone with its number: it holds nothing about the
 * seller, and its foot gives the address where it is checked; a business collection's lists every
 * device, over as many pages as it takes, by its IMEI's last digits as the check page does, or
 * whole for the business (its signed key, from its e-mail) and staff: that copy is kept by no
 * shared cache. An unknown number is a 404.
 */
export async function GET(request: Request, { params }: { params: Promise<{ number: string }> }) {
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
  const key = new URL(request.url).searchParams.get('key') ?? ''
  const whole =
    collection !== null &&
    ((key !== '' && readCollectionCertificateToken(key, code)) || (await getStaffMember()) !== null)
  const pdf = facts
    ? await certificatePdf(certificateContent(facts, words), settings.productName, check)
    : await paperworkPdf(
        collectionCertificateContent(collection!, words, whole ? 'whole' : 'ending'),
        settings.productName,
        check,
      )
  return new Response(Buffer.from(pdf), {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `inline; filename="certificate-${formatCertificateCode(code)}.pdf"`,
      // The public copy is the same for everyone and never changed once issued; the whole IMEIs are the business's.
      'cache-control': whole ? 'private, no-store' : 'public, max-age=86400',
      'x-robots-tag': 'noindex',
    },
  })
}
