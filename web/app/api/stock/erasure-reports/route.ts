import { getSignedIn, isActiveStaff } from '@/accounts/session'
import { getDb } from '@/db/connection'
import { readCappedBody } from '@/http/capped-body'
import { isCrossOrigin } from '@/http/same-origin'
import { seeOther } from '@/http/see-other'
import { describeError } from '@/lib/log'
import { REPORT_MAX_BYTES } from '@/stock/erasure-report'
import { kickOutbox } from '@/mail/outbox-kick'
import { certificateMailContext } from '@/stock/certificate-mail-context'
import { importErasureReport, stockNumberOf } from '@/stock/stock-store'

export const dynamic = 'force-dynamic'

// The report and the multipart form around it.
const REQUEST_MAX_BYTES = REPORT_MAX_BYTES + 16 * 1024

const notFound = () => new Response(null, { status: 404, headers: { 'cache-control': 'no-store' } })

/**
 * Staff import an erasure tool's report: a plain multipart form, with or without scripts. The
 * report is read (docs/stock.md) and recorded against the device in stock with its IMEI or serial;
 * staff are sent (303) to that device's page, or back to the stock page told why not. Anyone but
 * active staff, or a post from another site, meets a 404 and nothing is read.
 */
export async function POST(request: Request) {
  if (isCrossOrigin(request)) return notFound()
  const visitor = await getSignedIn(request.headers)
  if (!visitor || !isActiveStaff(visitor)) return notFound()
  const refused = (problem: string, fact?: string) =>
    seeOther(`/admin/stock?${new URLSearchParams({ problem, ...(fact ? { fact } : {}) })}`)

  const declared = Number(request.headers.get('content-length') ?? 0)
  if (declared > REQUEST_MAX_BYTES) return refused('reportUnreadable')
  const body = await readCappedBody(request, REQUEST_MAX_BYTES)
  if (!body) return refused('reportUnreadable')
  let raw: string
  try {
    const form = await new Response(body, {
      headers: { 'content-type': request.headers.get('content-type') ?? '' },
    }).formData()
    const file = form.get('report')
    if (!file || typeof file === 'string' || file.size === 0) return refused('reportMissing')
    raw = new TextDecoder('utf-8', { fatal: true }).decode(await file.arrayBuffer())
  } catch {
    return refused('reportUnreadable')
  }
  try {
    const db = await getDb()
    const outcome = await importErasureReport(
      db,
      raw,
      { actor: visitor.user.role === 'manager' ? 'manager' : 'staff', userId: visitor.user.id },
      await certificateMailContext(),
    )
    if (outcome.kind === 'recorded') kickOutbox()
    switch (outcome.kind) {
      case 'recorded':
      case 'already':
        return seeOther(
          `/admin/stock/${await stockNumberOf(db, outcome.deviceId)}?done=${outcome.kind === 'recorded' ? 'imported' : 'already'}`,
        )
      case 'unreadable':
        return 'fact' in outcome.problem ? refused('reportLacks', outcome.problem.fact) : refused('reportUnreadable')
      case 'refused':
        return refused(outcome.code === 'severalDevices' ? 'reportSeveral' : 'reportNoDevice')
    }
  } catch (error) {
    console.error(`Erasure report import failed: ${describeError(error)}`)
    return refused('unavailable')
  }
}
