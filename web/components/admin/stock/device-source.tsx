/** Where a stock device came from: its order's reference, or the business collection (its organisation). */
import Link from 'next/link'
import { collectionRequestPath } from '@/collections/statuses'
import type { StockDeviceView } from '@/stock/stock-store'

type Props = {
  device: Pick<StockDeviceView, 'orderReference' | 'collectionId' | 'collectionOrganisation'>
  /** As a link to its page (the device's page); in the list, where each row's link is its stock number, as text. */
  linked?: boolean
}

/** The order or collection, linked or as text. */
export function DeviceSource({ device, linked = false }: Props) {
  const href = device.orderReference
    ? `/admin/orders/${device.orderReference}`
    : device.collectionId
      ? collectionRequestPath(device.collectionId)
      : null
  const name = device.orderReference ?? device.collectionOrganisation
  if (!href) return null
  return linked ? <Link href={href}>{name}</Link> : <>{name}</>
}
