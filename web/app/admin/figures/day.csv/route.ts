import { activeStaffFrom } from '@/accounts/session'
import { getOrderCopy } from '@/content/loaders'
import { getDb } from '@/db/connection'
import { fillTemplate } from '@/lib/templates'
import { paidOnDay } from '@/orders/queue/figures'
import { paidDayCsv } from '@/orders/queue/figures-csv'
import { isDayString } from '@/orders/record/working-days'
import { PRIVATE_FILE_HEADERS } from '@/http/private-file'

export const dynamic = 'force-dynamic'

/**
 * The accountant's sheet of one London day's payments (`?date=YYYY-MM-DD`), for active staff only:
 * anyone else gets the same 404 as an address that does not exist. Made when asked, never kept.
 */
export async function GET(request: Request) {
  if (!(await activeStaffFrom(request.headers))) {
    return new Response(null, { status: 404, headers: { 'cache-control': 'no-store' } })
  }
  const words = (await getOrderCopy()).figures
  const date = new URL(request.url).searchParams.get('date') ?? ''
  if (!isDayString(date)) {
    return new Response(words.csvDateInvalid, {
      status: 400,
      headers: { ...PRIVATE_FILE_HEADERS, 'content-type': 'text/plain; charset=utf-8' },
    })
  }
  const csv = paidDayCsv(await paidOnDay(await getDb(), date), words)
  return new Response(csv, {
    headers: {
      ...PRIVATE_FILE_HEADERS,
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${fillTemplate(words.csvFileName, { date }).replace(/[^\x20-\x7e]|["\\]/g, '_')}"`,
    },
  })
}
