import 'server-only'
import { readAuthSecret } from '@/config/secrets'
import { getOrderCopy, getSiteSettings } from '@/content/loaders'
import { getDb } from '@/db/connection'
import { kickOutbox } from '@/mail/outbox-kick'
import { mayAct, readOrder } from '@/orders/actions/actions'
import { loadOrderMailContext } from '@/orders/record/mail-context'
import { readOrderLink } from '@/orders/record/order-token'
import { changePayout, issuePayoutCode, type PayoutChanged } from './payout-change'
import { payoutChangedMails, payoutCodeMail } from './payout-change-mail'
import type { PayoutChangeInput } from './payout-change-validation'
import { readPayoutKeys, sealPayout } from '@/payouts/payout-crypto'
import { payoutMatch } from '@/payouts/payout-match'
import { payoutAccount, payoutMethodNamed } from '@/payouts/methods'
import { checkPayout, type PayeeOutcome } from '@/payouts/payee-check'

/**
 * The seller's side of changing an order's bank details, from its page: the link must be the
 * seller's (the e-mails', the receipt's, the account page's), or the tracker's view-only link with
 * the order's own account signed in. Anyone else, another seller included, changes nothing.
 */
export type PayoutRefusal =
  | 'linkInvalid'
  | 'signedLinkNeeded'
  | 'payoutClosed'
  | 'codesTooMany'
  | 'noCode'
  | 'codeUsed'
  | 'codeExpired'
  | 'codeSpent'
  | 'codeWrong'

async function orderFor(token: string, visitorUserId: string | null) {
  const link = readOrderLink(token)
  const order = link ? await readOrder(link.reference) : null
  if (!link || !order) return { refused: 'linkInvalid' as const }
  if (!mayAct(link.scope, order, visitorUserId)) return { refused: 'signedLinkNeeded' as const }
  return { order }
}

/** E-mails a new code to the order's address. */
export async function sendPayoutCode(
  token: string,
  visitorUserId: string | null,
  origin: string,
): Promise<{ ok: true } | { ok: false; code: PayoutRefusal }> {
  const found = await orderFor(token, visitorUserId)
  if (!found.order) return { ok: false, code: found.refused }
  const context = await loadOrderMailContext(origin)
  const issued = await issuePayoutCode(await getDb(), {
    orderId: found.order.id,
    secret: readAuthSecret(),
    emails: (order, code) => payoutCodeMail(order, code, context),
  })
  if (!issued.ok) {
    return {
      ok: false,
      code: issued.reason === 'too-many' ? 'codesTooMany' : issued.reason === 'closed' ? 'payoutClosed' : 'linkInvalid',
    }
  }
  kickOutbox()
  return { ok: true }
}

const REFUSALS: Record<Exclude<PayoutChanged, { ok: true }>['reason'], PayoutRefusal> = {
  'not-found': 'linkInvalid',
  closed: 'payoutClosed',
  'no-code': 'noCode',
  used: 'codeUsed',
  expired: 'codeExpired',
  spent: 'codeSpent',
  wrong: 'codeWrong',
}

/** Replaces the sealed payout details with the code and the new details (by the method the form named). */
export async function replacePayout(
  token: string,
  input: PayoutChangeInput & { payoutMethod?: string },
  visitorUserId: string | null,
  origin: string,
  /** The seller's answer to Confirmation of Payee's question, with its token, when there was one. */
  payeeAnswer: { token?: string; choice?: string } = {},
): Promise<
  | { ok: true }
  | { ok: false; code: PayoutRefusal; triesLeft?: number }
  | { ok: false; ask: Extract<PayeeOutcome, { kind: 'ask' }> }
> {
  const found = await orderFor(token, visitorUserId)
  if (!found.order) return { ok: false, code: found.refused }
  const [context, settings, words] = await Promise.all([
    loadOrderMailContext(origin),
    getSiteSettings(),
    getOrderCopy(),
  ])
  const method = payoutMethodNamed(input.payoutMethod)
  const keys = readPayoutKeys()
  // The bank is asked about the new details before the code is spent on them.
  const payee = await checkPayout({ methodId: method.id, details: input.details, keys, ...payeeAnswer })
  if (payee.kind === 'ask') return { ok: false, ask: payee }
  const changed = await changePayout(await getDb(), {
    orderId: found.order.id,
    code: input.code,
    details: payee.details,
    payee: payee.record,
    method,
    secret: readAuthSecret(),
    seal: (details, reference) => sealPayout(details, reference, keys),
    match: (details, method) => payoutMatch(details, keys, method),
    actorUserId: found.order.userId,
    emails: (order, { heldUntil, last4 }) =>
      payoutChangedMails(
        order,
        { heldUntil, account: payoutAccount(words.checkout, method.id, last4) },
        context,
        settings.contactEmail,
      ),
  })
  if (!changed.ok) {
    return { ok: false, code: REFUSALS[changed.reason], ...(changed.triesLeft ? { triesLeft: changed.triesLeft } : {}) }
  }
  kickOutbox()
  return { ok: true }
}
