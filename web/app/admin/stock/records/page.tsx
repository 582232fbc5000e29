import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { requireStaffMember } from '@/accounts/session'
import { StockRecords } from '@/components/admin/stock/stock-records'
import { getOrderCopy } from '@/content/loaders'
import { withoutStega } from '@/content/stega'
import { getDb } from '@/db/connection'
import { recentExports } from '@/stock/records'
import type { RecordsProblem } from '@/stock/records-input'

// Per request, for the manager signed in: never prerendered or cached.
export const dynamic = 'force-dynamic'

export async function generateMetadata(): Promise<Metadata> {
  const copy = await withoutStega(getOrderCopy)
  return { title: copy.records.heading, robots: { index: false, follow: false } }
}

const PROBLEMS: ReadonlyArray<RecordsProblem | 'unavailable'> = [
  'kindUnknown',
  'datesMissing',
  'dateInvalid',
  'datesOrder',
  'deviceInvalid',
  'reasonMissing',
  'reasonTooLong',
  'unavailable',
]

type Search = Promise<Record<string, string | string[] | undefined>>

/** The records for the police and the accountant: managers only, as they name sellers. */
export default async function Records({ searchParams }: { searchParams: Search }) {
  const member = await requireStaffMember()
  if (member.user.role !== 'manager') notFound()
  const query = await searchParams
  const one = (name: string) => (typeof query[name] === 'string' ? query[name] : '')
  const [copy, db] = await Promise.all([getOrderCopy(), getDb()])
  const problem = PROBLEMS.find((known) => known === one('problem'))
  const day = (value: string) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? value : '')
  return (
    <StockRecords
      copy={copy}
      exports={await recentExports(db)}
      refused={
        problem
          ? {
              kind: one('kind') === 'stock-book' ? 'stock-book' : 'purchase-register',
              from: day(one('from')),
              to: day(one('to')),
              problem,
            }
          : null
      }
    />
  )
}
