import 'server-only'
import { linkOrigin } from '@/mail/link-origin'
import { processState } from '@/config/process-state'
import { parcelFollowMs } from '@/config'
import { ADVISORY_LOCKS } from '@/db/advisory-locks'
import { getDb, runExclusively } from '@/db/connection'
import type { Job } from '@/jobs/tick'
import { describeError } from '@/lib/log'
import { kickOutbox } from '@/mail/outbox-kick'
import { loadOrderMailContext } from '@/orders/record/mail-context'
import { carrierClient } from '@/carrier/client'
import { getOrderCopy } from '@/content/loaders'
import { smsClient } from '@/sms/client'
import { markAstrayParcels, sendDueTexts } from './astray'
import { followParcels, makeWantedLabels } from './parcels'

/** Labels for the orders placed that have none: kicked by the checkout, and every minute after. */
async function makeLabels(): Promise<void> {
  const [db, mail] = await Promise.all([getDb(), loadOrderMailContext(linkOrigin())])
  const { made } = await makeWantedLabels(db, carrierClient(), mail)
  // A label made after a delay is e-mailed: send it now.
  if (made) kickOutbox()
}

export const carrierLabelsJob: Job = {
  name: 'Carrier labels',
  lock: ADVISORY_LOCKS.carrierLabels,
  run: makeLabels,
}

/** The parcels on their way, each asked after every quarter of an hour, or as CARRIER_FOLLOW_SECONDS says (parcels.ts). */
export const parcelTrackingJob: Job = {
  name: 'Parcel tracking',
  lock: ADVISORY_LOCKS.parcelTracking,
  run: async () => followParcels(await getDb(), carrierClient(), new Date(), { every: parcelFollowMs() }),
}

/**
 * Parcels quiet for the days the Orders document sets: each marked astray once, its seller e-mailed
 * and (with a mobile number) texted in the same transaction; then the texts due are sent (astray.ts).
 */
export const parcelsAstrayJob: Job = {
  name: 'Parcels astray',
  lock: ADVISORY_LOCKS.parcelsAstray,
  run: async () => {
    const [db, copy, mail] = await Promise.all([getDb(), getOrderCopy(), loadOrderMailContext(linkOrigin())])
    const { marked } = await markAstrayParcels(db, { days: copy.timings.astrayDays, mail })
    if (marked) kickOutbox()
    await sendDueTexts(db, smsClient())
  },
}

// Shared through the process's globals, as the outbox's kick is.
type State = { running: Promise<void> | null; again: boolean }
const state = processState<State>('carrierLabels', () => ({ running: null, again: false }))

/**
 * Asks the carrier for the label of the order just placed, without making the seller wait: under
 * the job's lock, so the minute job and another instance do not ask for the same order at once.
 */
export function kickLabels(): void {
  if (state.running) {
    state.again = true
    return
  }
  state.running = (async () => {
    do {
      state.again = false
      await runExclusively(ADVISORY_LOCKS.carrierLabels, makeLabels)
    } while (state.again)
  })()
    .catch((error: Error) => console.error(`Carrier labels: ${describeError(error)}`))
    .finally(() => {
      state.running = null
    })
}
