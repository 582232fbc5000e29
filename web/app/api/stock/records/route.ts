import { getSignedIn, isActiveStaff } from '@/accounts/session'
import { getOrderCopy } from '@/content/loaders'
import { getDb } from '@/db/connection'
import { readCappedBody } from '@/http/capped-body'
import { isCrossOrigin } from '@/http/same-origin'
import { seeOther } from '@/http/see-other'
import { describeError } from '@/lib/log'
import { fillTemplate } from '@/lib/templates'
import { londonDay } from '@/orders/record/working-days'
import { exportRecords } from '@/stock/records'
import { identityDocuments, registerCsv, stockBookCsv } from '@/stock/records-csv'
import { readRecordsForm } from '@/stock/records-input'

export const dynamic = 'force-dynamic'

const FORM_MAX_BYTES = 4 * 1024

const notFound = () => new Response(null, { status: 404, headers: { 'cache-control': 'no-store' } })

const fileName = (name: string) => name.replace(/[^\x20-\x7e]|["\\]/g, '_')

/**
 * A manager downloads the purchase register or the stock book: a plain form post, with or without
 * scripts. The records are read and the download recorded in one transaction, and the CSV comes
 * back as a file; a form that is not right goes back (303) to the records page, told why, with the
 * days and kind kept (never the reason typed). Anyone but an active manager, or a post from another
 * site, meets a 404, and nothing is read or recorded.
 */
export async function POST(request: Request) {
  if (isCrossOrigin(request)) return notFound()
  const visitor = await getSignedIn(request.headers)
  if (!visitor || !isActiveStaff(visitor) || visitor.user.role !== 'manager') return notFound()

  const body = await readCappedBody(request, FORM_MAX_BYTES)
  let form: FormData
  try {
    if (!body) throw new Error('too large')
    form = await new Response(body, {
      headers: { 'content-type': request.headers.get('content-type') ?? '' },
    }).formData()
  } catch {
    return seeOther('/admin/stock/records?problem=kindUnknown')
  }
  const read = readRecordsForm(form)
  if ('problem' in read) {
    const kept = Object.fromEntries(
      ['kind', 'from', 'to'].map((name) => [name, String(form.get(name) ?? '').slice(0, 10)]),
    )
    return seeOther(`/admin/stock/records?${new URLSearchParams({ ...kept, problem: read.problem })}#records-problem`)
  }
  try {
    const [db, copy] = await Promise.all([getDb(), getOrderCopy()])
    const words = copy.records
    const result = await exportRecords(db, read.request, { userId: visitor.user.id, name: visitor.user.name })
    const { from, to } = read.request
    const csv =
      result.kind === 'purchase-register'
        ? registerCsv(result.rows, words, identityDocuments(copy.identity))
        : stockBookCsv(result.rows, words)
    const name =
      result.kind === 'purchase-register'
        ? fillTemplate(words.registerFile, { date: londonDay(new Date()) })
        : fillTemplate(words.bookFile, { from: from ?? '', to: to ?? '' })
    return new Response(csv, {
      headers: {
        'cache-control': 'private, no-store',
        'x-robots-tag': 'noindex',
        'referrer-policy': 'no-referrer',
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="${fileName(name)}"`,
      },
    })
  } catch (error) {
    console.error(`Records export failed: ${describeError(error)}`)
    return seeOther('/admin/stock/records?problem=unavailable')
  }
}
