import type { Metadata } from 'next'
import { requireStaffMember } from '@/accounts/session'
import { ExpectedParcels } from '@/components/admin/goods-in/expected-parcels'
import { getOrderCopy } from '@/content/loaders'
import { withoutStega } from '@/content/stega'
import { getDb } from '@/db/connection'
import { astrayParcels } from '@/orders/parcels/astray'
import { expectedParcels } from '@/orders/parcels/parcels'
import { addLondonDays, londonDay } from '@/orders/record/working-days'

// Per request, for the member of staff signed in: never prerendered or cached.
export const dynamic = 'force-dynamic'

export async function generateMetadata(): Promise<Metadata> {
  const copy = await withoutStega(getOrderCopy)
  return { title: copy.goodsIn.expectedHeading, robots: { index: false, follow: false } }
}

export default async function Expected() {
  const [, copy, db] = await Promise.all([requireStaffMember(), getOrderCopy(), getDb()])
  const today = londonDay(new Date())
  const [parcels, astray] = await Promise.all([expectedParcels(db, addLondonDays(today, 1)), astrayParcels(db)])
  return (
    <ExpectedParcels
      copy={copy}
      today={parcels.filter((parcel) => parcel.expectedOn <= today)}
      tomorrow={parcels.filter((parcel) => parcel.expectedOn > today)}
      astray={astray}
    />
  )
}
