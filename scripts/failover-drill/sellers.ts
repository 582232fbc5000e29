// The failover drill's sellers: browsers running no scripts (tests/stack/seller.ts), each placing
// one order after another, and sending the same checkout form again after a retryable answer.
import { seller, type Answer } from '../../tests/stack/seller'
import { sleep } from './servers'

type Kind = 'unavailable' | 'connection' | 'emptied' | '5xx' | 'other'
type Client = ReturnType<typeof seller>

export type SellerOptions = {
  front: string
  /** Each run's orders are told apart by their e-mail addresses. */
  run: string
  sellers: number
  before: number
  after: number
  /** How long one seller keeps sending the same form before giving up on it. */
  retrySeconds: number
}

export function sellerTraffic({ front, run, sellers, before, after, retrySeconds }: SellerOptions) {
  const tally = {
    confirmedBefore: 0,
    confirmedAfter: 0,
    answers: { unavailable: 0, connection: 0, emptied: 0, '5xx': 0, other: 0 } as Record<Kind, number>,
    retriedThenConfirmed: 0,
    gaveUp: 0,
    keyChanged: 0,
    startFailures: 0,
    odd: [] as string[],
  }
  /** E-mail (one per basket) → the reference its seller was shown. */
  const confirmed = new Map<string, string>()
  /** E-mail → when its checkout came back on a page saying the basket was empty. */
  const shownEmpty = new Map<string, Date>()
  let crashedAt = 0
  let firstAfterCrash = 0
  let atTheGate = 0
  let openGate = () => {}
  const gate = new Promise<void>((resolve) => (openGate = resolve))

  async function loop(index: number): Promise<void> {
    for (let i = 0; !(crashedAt && tally.confirmedAfter >= after); i++) {
      const email = `drill.${run}.${index}.${i}@example.com`
      const client = seller(front, `127.0.${20 + index}.${(i % 250) + 1}`)
      try {
        let form: Record<string, string>
        try {
          await client.fillBasket()
          form = await client.checkoutForm(email)
        } catch (error) {
          // The site could not give this seller a basket or a form just now: no order was tried.
          tally.startFailures++
          tally.odd.push(`before checkout: ${(error as Error).message.slice(0, 200)}`)
          await sleep(500)
          continue
        }
        if (tally.confirmedBefore >= before && !crashedAt) {
          atTheGate++
          await gate
        }
        await checkoutUntilConfirmed(client, form, email)
      } finally {
        await client.close()
      }
    }
  }

  /** Sends the form, and the same form again (its one-time key) after every retryable answer. */
  async function checkoutUntilConfirmed(client: Client, sent: Record<string, string>, email: string) {
    let form = sent
    const deadline = Date.now() + retrySeconds * 1000
    for (let attempt = 0; Date.now() < deadline; attempt++) {
      const answer = await client.checkout(form)
      const reference = referenceOf(answer)
      if (reference) {
        confirmed.set(email, reference)
        if (attempt > 0) tally.retriedThenConfirmed++
        if (!crashedAt) tally.confirmedBefore++
        else {
          tally.confirmedAfter++
          firstAfterCrash ||= Date.now()
        }
        return
      }
      const kind = kindOf(answer)
      tally.answers[kind]++
      if (kind === 'other' || kind === '5xx') tally.odd.push(JSON.stringify(answer).slice(0, 200))
      if (kind === 'emptied') shownEmpty.set(email, new Date())
      if (kind === 'unavailable' && !('error' in answer)) {
        // Pressing the button again sends the form the page came back with: it must be this order's.
        if (answer.checkoutHidden?.idempotencyKey !== sent.idempotencyKey) tally.keyChanged++
        form = { ...form, ...answer.checkoutHidden, idempotencyKey: sent.idempotencyKey! }
      }
      await sleep(500)
    }
    tally.gaveUp++
  }

  const loops: Promise<void>[] = []
  return {
    tally,
    confirmed,
    shownEmpty,
    start: () => loops.push(...Array.from({ length: sellers }, (_, index) => loop(index))),
    /** Resolves once `before` orders are confirmed and every seller holds one more form, unsent. */
    atTheGate: () => tally.confirmedBefore >= before && atTheGate === sellers,
    /** Sends those forms at once; answers confirmed from now on count as after the crash. */
    openGate: () => {
      openGate()
      crashedAt = Date.now()
    },
    finished: () => Promise.all(loops),
    crashedAt: () => crashedAt,
    outageMs: () => firstAfterCrash - crashedAt,
  }
}

function referenceOf(answer: Answer): string | null {
  if ('error' in answer || answer.status !== 303) return null
  if (!answer.location?.startsWith('/order-successful?order=')) return null
  return /HB-[0-9A-Z]{4}-[0-9A-Z]{4}/.exec(answer.location)?.[0] ?? null
}

function kindOf(answer: Answer): Kind {
  if ('error' in answer) return 'connection'
  if (answer.status >= 500) return '5xx'
  if (answer.status === 200 && answer.problems.includes('unavailable')) return 'unavailable'
  // The order committed but its answer was lost in the crash: the page drawn after it finds the
  // basket placed and offers no form; sending the form again shows the order (docs/recovery.md).
  if (answer.status === 200 && !answer.problems.length && !answer.checkoutHidden) return 'emptied'
  return 'other'
}
