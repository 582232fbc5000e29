import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { requireStaffMember } from '@/accounts/session'
import { StockDevicePage } from '@/components/admin/stock/stock-device'
import { getOrderCopy } from '@/content/loaders'
import { withoutStega } from '@/content/stega'
import { getDb } from '@/db/connection'
import { fillTemplate } from '@/lib/templates'
import { deviceIdByNumber, formatStockNumber, parseStockNumber, stockDeviceRecord } from '@/stock/stock-store'
import { stateName } from '@/stock/stock-words'

// Per request, for the member of staff signed in: never prerendered or cached.
export const dynamic = 'force-dynamic'

type Params = Promise<{ number: string }>
type Search = Promise<Record<string, string | string[] | undefined>>

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const [copy, { number }] = await Promise.all([withoutStega(getOrderCopy), params])
  const parsed = parseStockNumber(decodeURIComponent(number))
  return {
    title: parsed ? `${formatStockNumber(parsed)} · ${copy.stock.heading}` : copy.stock.heading,
    robots: { index: false, follow: false },
  }
}

export default async function StockDevice({ params, searchParams }: { params: Params; searchParams: Search }) {
  const [{ number }, query] = await Promise.all([params, searchParams])
  const [, copy, db] = await Promise.all([requireStaffMember(), getOrderCopy(), getDb()])
  const parsed = parseStockNumber(decodeURIComponent(number))
  const id = parsed ? await deviceIdByNumber(db, parsed) : null
  const record = id ? await stockDeviceRecord(db, id) : null
  if (!record) notFound()
  const text = copy.stock
  const done =
    query.done === 'move'
      ? fillTemplate(text.moved, {
          number: record.device.stockNumber,
          state: stateName(text, record.device.state),
        })
      : query.done === 'erasure' || query.done === 'imported'
        ? text.erasureRecorded
        : query.done === 'already'
          ? text.erasureAlready
          : null
  return <StockDevicePage copy={copy} {...record} done={done} />
}
