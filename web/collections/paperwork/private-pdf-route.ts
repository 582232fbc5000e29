import 'server-only'
import { getStaffMember } from '@/accounts/session'
import { getSiteSettings } from '@/content/loaders'
import type { SiteSettings } from '@/content/types'
import { parseCertificateCode } from '@/stock/certificate-code'
import type { PaperworkContent } from './paperwork-content'
import { paperworkPdf } from './paperwork-pdf'

const NOT_FOUND = () =>
  new Response(null, { status: 404, headers: { 'x-robots-tag': 'noindex', 'cache-control': 'no-store' } })

/**
 * The GET of a collection's private paperwork as a PDF (its waste transfer note, its itemised
 * report): it opens only for active staff or with the signed key from the business's e-mail, which
 * grants that document alone; anyone else (a number guessed, a key changed or made for another
 * document) gets a 404, the same as for a number that is no document of ours. Kept by no shared cache.
 */
export function privatePaperworkRoute(document: {
  readToken: (key: string, number: string) => boolean
  content: (number: string, settings: SiteSettings) => Promise<PaperworkContent | null>
  filename: string
}) {
  return async function GET(request: Request, { params }: { params: Promise<{ number: string }> }) {
    const number = parseCertificateCode(decodeURIComponent((await params).number))
    if (!number) return NOT_FOUND()
    const key = new URL(request.url).searchParams.get('key') ?? ''
    const allowed = (key && document.readToken(key, number)) || (await getStaffMember()) !== null
    if (!allowed) return NOT_FOUND()
    const settings = await getSiteSettings()
    const content = await document.content(number, settings)
    if (!content) return NOT_FOUND()
    const pdf = await paperworkPdf(content, settings.productName, null)
    return new Response(Buffer.from(pdf), {
      headers: {
        'content-type': 'application/pdf',
        'content-disposition': `inline; filename="${document.filename}-${content.number}.pdf"`,
        'cache-control': 'private, no-store',
        'x-robots-tag': 'noindex',
      },
    })
  }
}
