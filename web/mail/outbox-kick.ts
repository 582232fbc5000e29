import 'server-only'
import { processState } from '@/config/process-state'
import { getSiteSettings } from '@/content/loaders'
import { getDb } from '@/db/connection'
import { describeError } from '@/lib/log'
import { deliverDueEmails } from './outbox'

// Shared with scripts/server.mjs through the process's globals: on a stop it waits for `delivering`.
type State = { delivering: Promise<void> | null; again: boolean }
const state = processState<State>('outbox', () => ({ delivering: null, again: false }))

/**
 * Sends what is due now, without making the caller wait; a send already running goes round again.
 * Every room that queues an e-mail calls this once its transaction has committed.
 */
export function kickOutbox(): void {
  if (state.delivering) {
    state.again = true
    return
  }
  state.delivering = (async () => {
    const [db, settings] = await Promise.all([getDb(), getSiteSettings()])
    do {
      state.again = false
      await deliverDueEmails(db, settings.productName)
    } while (state.again)
  })()
    .catch((error: Error) => console.error(`E-mail outbox: ${describeError(error)}`))
    .finally(() => {
      state.delivering = null
    })
}

/** Waits for the sending in progress, if any: for a graceful shutdown and for tests. */
export async function outboxSettled(): Promise<void> {
  while (state.delivering) await state.delivering
}
