import { randomUUID } from 'node:crypto'
import type { Metadata } from 'next'
import { requireStaffMember } from '@/accounts/session'
import { GoodsInPage } from '@/components/admin/goods-in/goods-in-page'
import { getOrderCopy } from '@/content/loaders'
import { withoutStega } from '@/content/stega'
import { getDb } from '@/db/connection'
import { ownsSession, sessionScans } from '@/orders/goods-in/goods-in-store'
import { SESSION_SCANS_SHOWN } from '@/orders/goods-in/goods-in-rules'
import { openParcelCount } from '@/orders/goods-in/parcel-store'

// Per request, for the member of staff scanning: never prerendered or cached.
export const dynamic = 'force-dynamic'

export async function generateMetadata(): Promise<Metadata> {
  const copy = await withoutStega(getOrderCopy)
  return { title: copy.goodsIn.heading, robots: { index: false, follow: false } }
}

type Search = Promise<{
  session?: string | string[]
  scan?: string | string[]
  bulk?: string | string[]
  all?: string | string[]
}>

export default async function GoodsIn({ searchParams }: { searchParams: Search }) {
  const query = await searchParams
  const [member, copy, db] = await Promise.all([requireStaffMember(), getOrderCopy(), getDb()])
  const asked = typeof query.session === 'string' ? query.session : null
  // Only the member's own session is shown; any other address starts afresh.
  const sessionId = asked && (await ownsSession(db, asked, member.user.id)) ? asked : null
  // The newest scans, or every one when the page's "show all" link asked.
  const all = query.all === '1'
  const [{ scans, counts }, unmatchedCount] = await Promise.all([
    sessionId
      ? sessionScans(db, sessionId, all ? undefined : SESSION_SCANS_SHOWN)
      : { scans: [], counts: { received: 0, already: 0, unmatched: 0 } },
    openParcelCount(db),
  ])
  const answered = scans.find((scan) => String(scan.id) === query.scan) ?? null
  const bulk = typeof query.bulk === 'string' && /^\d{1,4}$/.test(query.bulk) ? Number(query.bulk) : null
  return (
    <GoodsInPage
      copy={copy}
      sessionId={sessionId}
      scanKey={randomUUID()}
      scans={scans}
      counts={counts}
      answered={answered}
      bulk={bulk}
      unmatchedCount={unmatchedCount}
    />
  )
}
