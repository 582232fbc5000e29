import 'server-only'
import type { Env } from '@/config'
import { getSiteSettings } from '@/content/loaders'
import { describeError } from '@/lib/log'
import { sendMail } from '@/mail/send'
import { getDb, type Db } from '@/db/connection'
import { claimDueEmails, markEmailFailed, markEmailSent } from './outbox-store'

/** Sends every message due at `now`; one that fails waits for its next attempt (see RETRY_DELAYS_MS). */
export async function deliverDueEmails(
  db: Db,
  fromName: string,
  { now = new Date(), env }: { now?: Date; env?: Env } = {},
): Promise<{ sent: number; failed: number }> {
  let sent = 0
  let failed = 0
  for (;;) {
    const batch = await claimDueEmails(db, now)
    if (!batch.length) return { sent, failed }
    for (const message of batch) {
      try {
        await sendMail({ ...message, fromName }, env)
        // Sent past its lease and claimed again meanwhile: the other sender's attempt is recorded, not this one.
        if (!(await markEmailSent(db, message)))
          console.error(`The ${message.kind} e-mail was sent after its claim ran out`)
        sent++
      } catch (error) {
        // The error's kind only: a mail server's message can quote the address.
        const kind = describeError(error)
        console.error(`Could not send the ${message.kind} e-mail (attempt ${message.attempts}): ${kind}`)
        if (!(await markEmailFailed(db, message, kind, now))) {
          console.error(`The ${message.kind} e-mail's failure was not recorded: its claim ran out`)
        }
        failed++
      }
    }
  }
}

// Shared with scripts/server.mjs through the process's globals: on a stop it waits for `delivering`.
const STATE = Symbol.for('handback.outbox')
type State = { delivering: Promise<void> | null; again: boolean }
const state = ((globalThis as typeof globalThis & { [STATE]?: State })[STATE] ??= {
  delivering: null,
  again: false,
})

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
