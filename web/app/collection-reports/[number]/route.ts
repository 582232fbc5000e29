import { getStaffMember } from '@/accounts/session'
import { paperworkPdf } from '@/collections/paperwork/paperwork-pdf'
import { collectionReportContent } from '@/collections/paperwork/report-content'
import { readReportToken } from '@/collections/paperwork/report-link'
import { collectionReportByNumber } from '@/collections/paperwork/report-store'
import { getOrderCopy, getSiteSettings } from '@/content/loaders'
import { getDb } from '@/db/connection'
import { parseCertificateCode } from '@/stock/certificate-code'

export const dynamic = 'force-dynamic'

const NOT_FOUND = () =>
  new Response(null, { status: 404, headers: { 'x-robots-tag': 'noindex', 'cache-control': 'no-store' } })

/**
 * A collection's itemised report as a PDF. It says what each device was worth, so it opens only for
 * active staff or with the signed key from the business's e-mail, which grants this report alone;
 * anyone else (a number guessed, a key changed or made for another document) gets a 404, the same
 * as for a number that is no report of ours.
 */
export async function GET(request: Request, { params }: { params: Promise<{ number: string }> }) {
  const number = parseCertificateCode(decodeURIComponent((await params).number))
  if (!number) return NOT_FOUND()
  const key = new URL(request.url).searchParams.get('key') ?? ''
  const allowed = (key && readReportToken(key, number)) || (await getStaffMember()) !== null
  if (!allowed) return NOT_FOUND()
  const [facts, words, settings] = await Promise.all([
    collectionReportByNumber(await getDb(), number),
    getOrderCopy().then((copy) => copy.collectionReport),
    getSiteSettings(),
  ])
  if (!facts) return NOT_FOUND()
  const content = collectionReportContent(facts, words)
  const pdf = await paperworkPdf(content, settings.productName, null)
  return new Response(Buffer.from(pdf), {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `inline; filename="itemised-report-${content.number}.pdf"`,
      // What each device was worth: kept by no shared cache.
      'cache-control': 'private, no-store',
      'x-robots-tag': 'noindex',
    },
  })
}
