import 'server-only'
import type { Env } from '@/config'
import { describeError } from '@/lib/log'
import { sendMail } from '@/mail/send'
import type { Db } from '@/db/connection'
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
