import type { Metadata } from 'next'
import { requireStaffMember } from '@/accounts/session'
import { UnmatchedParcels } from '@/components/admin/goods-in/unmatched-parcels'
import { getOrderCopy } from '@/content/loaders'
import { withoutStega } from '@/content/stega'
import { getDb } from '@/db/connection'
import { fillTemplate } from '@/lib/templates'
import { NOTE_MAX } from '@/orders/goods-in/goods-in-rules'
import { openParcels } from '@/orders/goods-in/parcel-store'
import { isPhotoProblem } from '@/orders/photos/photo-rules'

// Per request, for the member of staff signed in: never prerendered or cached.
export const dynamic = 'force-dynamic'

export async function generateMetadata(): Promise<Metadata> {
  const copy = await withoutStega(getOrderCopy)
  return { title: copy.goodsIn.unmatchedHeading, robots: { index: false, follow: false } }
}

type Search = Promise<Record<string, string | string[] | undefined>>

export default async function Unmatched({ searchParams }: { searchParams: Search }) {
  const query = await searchParams
  const one = (name: string) => (typeof query[name] === 'string' ? query[name] : '')
  const [, copy, db] = await Promise.all([requireStaffMember(), getOrderCopy(), getDb()])
  const text = copy.goodsIn
  const code = one('code')
  const done = one('joined')
    ? fillTemplate(text.joined, { code, reference: one('joined') })
    : one('returned')
      ? fillTemplate(text.returnedDone, { code })
      : one('saved')
        ? fillTemplate(text.saved, { code })
        : null
  const refused = one('problem')
  const message =
    refused === 'noteTooLong'
      ? fillTemplate(text.noteTooLong, { max: NOTE_MAX })
      : isPhotoProblem(refused)
        ? copy.admin[refused]
        : refused === 'unavailable'
          ? copy.problems.unavailable
          : null
  return (
    <UnmatchedParcels
      copy={copy}
      parcels={await openParcels(db)}
      done={done}
      problem={message ? { parcelId: one('parcel'), message } : null}
    />
  )
}
