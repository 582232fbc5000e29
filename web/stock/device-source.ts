/**
 * A stock device's make, model and IMEI from whichever source it came: its order's device or its
 * business collection's device (stock_device holds exactly one). For queries that left-join both.
 */
import { sql } from 'drizzle-orm'
import { collectionDevice, orderItem } from '@/db/schema'

export const deviceName = sql<string>`coalesce(${orderItem.device}, ${collectionDevice.make} || ' ' || ${collectionDevice.model})`
export const deviceImei = sql<string | null>`coalesce(${orderItem.imei}, ${collectionDevice.imei})`
