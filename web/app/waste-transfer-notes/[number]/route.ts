import { getStaffMember } from '@/accounts/session'
import { wasteNoteContent } from '@/collections/paperwork/paperwork-content'
import { paperworkPdf } from '@/collections/paperwork/paperwork-pdf'
import { wasteNoteByNumber } from '@/collections/paperwork/paperwork-store'
import { readWasteNoteToken } from '@/collections/paperwork/waste-note-link'
import { getOrderCopy, getSiteSettings } from '@/content/loaders'
import { getDb } from '@/db/connection'
import { parseCertificateCode } from '@/stock/certificate-code'

export const dynamic = 'force-dynamic'

const NOT_FOUND = () =>
  new Response(null, { status: 404, headers: { 'x-robots-tag': 'noindex', 'cache-control': 'no-store' } })

/**
 * A collection's waste transfer note as a PDF. It carries the business's address, so it opens only
 * for active staff or with the signed key from the business's e-mail, which grants this note alone;
 * anyone else (a number guessed, a key changed or made for another note) gets a 404, the same as for
 * a number that is no note of ours.
 */
export async function GET(request: Request, { params }: { params: Promise<{ number: string }> }) {
  const number = parseCertificateCode(decodeURIComponent((await params).number))
  if (!number) return NOT_FOUND()
  const key = new URL(request.url).searchParams.get('key') ?? ''
  const allowed = (key && readWasteNoteToken(key, number)) || (await getStaffMember()) !== null
  if (!allowed) return NOT_FOUND()
  const [facts, words, settings] = await Promise.all([
    wasteNoteByNumber(await getDb(), number),
    getOrderCopy().then((copy) => copy.wasteNote),
    getSiteSettings(),
  ])
  if (!facts) return NOT_FOUND()
  const content = wasteNoteContent(facts, words, settings)
  const pdf = await paperworkPdf(content, settings.productName, null)
  return new Response(Buffer.from(pdf), {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `inline; filename="waste-transfer-note-${content.number}.pdf"`,
      // The business's address: kept by no shared cache.
      'cache-control': 'private, no-store',
      'x-robots-tag': 'noindex',
    },
  })
}
