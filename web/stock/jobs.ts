import 'server-only'
import { ADVISORY_LOCKS } from '@/db/advisory-locks'
import { getDb } from '@/db/connection'
import type { Job } from '@/jobs/tick'
import { takeInPaidDevices } from './stock-store'

/**
 * Every minute, the devices of orders paid since are taken into stock (stock-store.ts): one
 * instance at a time, and each device once besides (its order's device is unique in stock).
 */
export const stockIntakeJob: Job = {
  name: 'Stock intake',
  lock: ADVISORY_LOCKS.stockIntake,
  run: async () => takeInPaidDevices(await getDb()),
}
