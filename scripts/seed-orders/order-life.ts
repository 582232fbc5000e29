// One made-up order's life for `npm run seed:orders`: what the seller sent and when, what staff,
// managers, the seller and the clock did to it, cut off at `now`. Each step is the move the site
// would have made (lifecycle.ts), so the order's status, status_since and its events agree.
import { randomUUID } from 'node:crypto'
import { MOVES, type MoveName, type OrderStatus } from '@/orders/record/lifecycle'
import { londonDay } from '@/orders/record/working-days'
import type { SeedCatalogue, SeedModel } from './catalogue'
import { fakeImei, fakeSeller } from './people'
import type { Random } from './random'

const HOUR = 3600 * 1000
const DAY = 24 * HOUR
const STAFF_NAMES = ['Dana Staff', 'Lee Checker', 'Robin Bench', 'Sasha Goods-In']
const MANAGER_NAMES = ['Morgan Manager', 'Alex Payments']
// Statuses whose full bank details go a set number of days on (orders/moves/retention.ts).
const BANK_DETAILS_END: readonly string[] = ['paid', 'returned', 'cancelled', 'expired']
// What a seller answers about a device of each grade (the pricing rules' questions).
const ANSWERS: Record<string, Record<string, string>> = {
  excellent: { power: 'yes', cracks: 'no', casing: 'like-new', lock: 'yes', blocked: 'no' },
  good: { power: 'yes', cracks: 'no', casing: 'light', lock: 'yes', blocked: 'no' },
  fair: { power: 'yes', cracks: 'no', casing: 'heavy', lock: 'yes', blocked: 'no' },
  faulty: { power: 'yes', cracks: 'yes', casing: 'light', lock: 'yes', blocked: 'no' },
}

export type Row = Record<string, unknown>
export type SeededOrder = { order: Row; items: Row[]; events: Row[]; payments: Row[] }
type Step = { at: number; actor: string; actorName: string | null; action: string; to: OrderStatus; reason?: string }

/** IMEIs already seen in this run, so a few devices are sent twice (by the same or another seller). */
export type ImeiPool = { seen: string[] }

export function seedOrder(
  random: Random,
  catalogue: SeedCatalogue,
  now: number,
  reference: string,
  sealPayout: (bank: ReturnType<typeof fakeSeller>['bank'], reference: string) => string,
  imeis: ImeiPool,
): SeededOrder {
  const { timings } = catalogue
  const id = randomUUID()
  const seller = fakeSeller(random)
  // Orders over the last ninety days, in the day's waking hours.
  const dayStart = Math.floor((now - random.int(0, 89) * DAY) / DAY) * DAY
  const placedAt = Math.min(now - 60_000, dayStart + random.int(7 * 60, 23 * 60) * 60_000 + random.int(0, 59_999))
  const holdUntil = placedAt + timings.priceHoldDays * DAY

  const deviceCount = random.weighted({ one: 72, two: 21, three: 7 })
  const items = Array.from({ length: deviceCount === 'one' ? 1 : deviceCount === 'two' ? 2 : 3 }, (_, position) => {
    const model = pickModel(random, catalogue.models)
    const variant = random.pick(model.variants)
    const grade = random.weighted({ excellent: 20, good: 45, fair: 25, faulty: 10 })
    return {
      id: randomUUID(),
      order_id: id,
      position,
      model_id: model.id,
      device: model.device(variant.key),
      variant_key: variant.key,
      grade_key: grade,
      grade_name: gradeName(catalogue, grade),
      answers: ANSWERS[grade] ?? ANSWERS.good,
      price_pence: variant.prices[grade]!,
      catalogue_revision: model.revision,
      prices: variant.prices,
    }
  })
  const placedTotal = items.reduce((sum, item) => sum + item.price_pence, 0)

  const steps: Step[] = []
  let at = placedAt
  const staff = () => random.pick(STAFF_NAMES)
  const step = (after: number, move: MoveName | 'remind', actor: string, reason?: string) => {
    at += after
    const to = move === 'remind' ? 'revised' : MOVES[move].to
    const actorName =
      actor === 'staff' || actor === 'manager' ? (actor === 'manager' ? random.pick(MANAGER_NAMES) : staff()) : null
    steps.push({ at, actor, actorName, action: move, to, reason })
  }
  const hours = (min: number, max: number) => (min + random.next() * (max - min)) * HOUR

  const fate = random.weighted({ sent: 84, cancel: 4, never: 12 })
  if (fate === 'cancel') {
    step(hours(0.2, 72), 'cancel', random.chance(0.8) ? 'seller' : 'staff', 'Changed my mind')
  } else if (fate === 'never') {
    step(holdUntil - at, 'expire', 'system', 'price-hold-ended')
  } else {
    // Posted within a few days; one posted after the hold ran out arrives at an expired order.
    const arrives = at + hours(20, random.chance(0.05) ? 20 * 24 : 6 * 24)
    if (arrives > holdUntil) step(holdUntil - at, 'expire', 'system', 'price-hold-ended')
    step(arrives - at, 'receive', 'staff')
    const path = random.weighted({ pay: 80, revise: 13, ask: 4, quarantine: 1, flag: 1, checkedWait: 1 })
    if (path === 'ask') {
      step(hours(1, 30), 'requestReturn', 'seller', 'I would like it back')
      step(hours(4, 60), 'return', 'staff')
    } else if (path === 'quarantine') {
      step(hours(2, 30), 'quarantine', 'staff', 'Register: reported lost or stolen')
      step(timings.quarantineDays * DAY, 'close', 'system', 'quarantine-ended')
    } else {
      step(hours(2, 40), 'check', 'staff')
      if (path === 'flag') {
        step(hours(0.01, 0.2), 'flag', 'system', 'register-fail')
        step(timings.quarantineDays * DAY, 'close', 'system', 'quarantine-ended')
      } else if (path === 'revise') {
        step(hours(0.1, 4), 'revise', 'staff')
        const revisedAt = at
        const deadline = revisedAt + timings.revisedOfferDays * DAY
        const answer = random.weighted({ accept: 55, decline: 25, lapse: 20 })
        const answeredAt = answer === 'lapse' ? deadline : revisedAt + hours(2, (timings.revisedOfferDays - 0.5) * 24)
        const remindAt = deadline - timings.reminderDaysBefore * DAY
        if (answeredAt > remindAt) step(remindAt - at, 'remind', 'system')
        if (answer === 'lapse') step(deadline - at, 'accept', 'system', 'offer-deadline-passed')
        else step(answeredAt - at, answer, 'seller')
        if (answer === 'decline') step(hours(4, 60), 'return', 'staff')
        else step(hours(2, 30), 'pay', 'manager')
      } else if (path === 'pay' && random.chance(0.3)) {
        step(hours(1, 30), 'pay', 'manager')
      } else if (path === 'pay') {
        // Most are paid by the payout job at a cut-off: the payment sent, then the bank's answer.
        step(hours(1, 30), 'sendPayment', 'system', 'payment-cutoff')
        if (random.chance(0.96)) step(hours(0.05, 2), 'settlePayment', 'system', 'bank-confirmed')
        else step(hours(0.05, 2), 'rejectPayment', 'system', 'AC04 account closed')
      }
    }
  }
  const done = steps.filter((candidate) => candidate.at <= now)
  return build({
    random,
    catalogue,
    now,
    id,
    reference,
    seller,
    placedAt,
    holdUntil,
    items,
    placedTotal,
    done,
    sealPayout,
    imeis,
  })
}

function build(life: {
  random: Random
  catalogue: SeedCatalogue
  now: number
  id: string
  reference: string
  seller: ReturnType<typeof fakeSeller>
  placedAt: number
  holdUntil: number
  items: Array<Row & { id: string; price_pence: number; grade_key: string; prices: Record<string, number> }>
  placedTotal: number
  done: Step[]
  sealPayout: (bank: ReturnType<typeof fakeSeller>['bank'], reference: string) => string
  imeis: ImeiPool
}): SeededOrder {
  const { random, catalogue, now, id, seller, done, items } = life
  const iso = (time: number) => new Date(time).toISOString()
  const events: Row[] = []
  const event = (
    time: number,
    actor: string,
    action: string,
    from: string,
    to: string,
    reason: string | null = null,
    actorName: string | null = null,
  ) =>
    events.push({
      order_id: id,
      at: iso(time),
      actor,
      actor_user_id: null,
      actor_name: actorName,
      action,
      from_status: from,
      to_status: to,
      reason,
    })
  event(life.placedAt, 'seller', 'place', 'placed', 'placed')

  let status: OrderStatus = 'placed'
  let statusSince = life.placedAt
  let total = life.placedTotal
  let offerDeadline: number | null = null
  let remindedAt: number | null = null
  let returnTracking: string | null = null
  const payments: Row[] = []
  // The variant's price list is for working out a revised price, not a column.
  const itemRows: Row[] = items.map((item) => {
    const row: Row = { ...item }
    delete row.prices
    return row
  })
  for (const step of done) {
    if (step.action === 'check') {
      for (const [index, row] of itemRows.entries()) {
        // A few devices have been sent before (by this seller or another): the same IMEI again.
        const again = life.imeis.seen.length > 0 && random.chance(0.004)
        const imei = again ? random.pick(life.imeis.seen) : fakeImei(random)
        if (!again) life.imeis.seen.push(imei)
        const grade = items[index]!.grade_key
        Object.assign(row, {
          imei,
          found_grade_key: grade,
          found_grade_name: row.grade_name,
          check_notes: random.chance(0.3) ? 'Matches the description' : null,
          register_result: 'pass',
          register_certificate: `CM-${random.int(10_000_000, 99_999_999)}`,
          register_checked_at: iso(step.at),
        })
      }
    }
    if (step.action === 'flag') Object.assign(itemRows[0]!, { register_result: 'fail' })
    if (step.action === 'revise') {
      // The first device was found a grade lower than the seller said.
      const item = items[0]!
      const lower = catalogue.grades.find((grade) => grade.rank === gradeRank(catalogue, item.grade_key) + 1)
      const revised = lower ? item.prices[lower.key]! : Math.round(item.price_pence * 0.6)
      Object.assign(itemRows[0]!, {
        found_grade_key: lower?.key ?? item.grade_key,
        found_grade_name: lower?.name ?? itemRows[0]!.grade_name,
        revised_price_pence: revised,
        revised_reason: lower ? `Found in ${lower.name.toLowerCase()} condition` : 'Battery health below 80%',
      })
      offerDeadline = step.at + catalogue.timings.revisedOfferDays * DAY
    }
    if (step.action === 'remind') {
      remindedAt = step.at
      event(step.at, 'system', 'remind', status, status)
      continue
    }
    if (step.action === 'accept' || step.action === 'decline') {
      const answer = step.action
      Object.assign(itemRows[0]!, { offer_answer: answer, offer_answered_at: iso(step.at) })
      event(step.at, step.actor, `${answer}-device`, status, status, reasonFor(step, String(itemRows[0]!.device)))
      if (answer === 'accept') total = total - items[0]!.price_pence + Number(itemRows[0]!.revised_price_pence)
    }
    // The payout job's payment, as payments/payment-store.ts keeps it: its key, then the bank's answer.
    if (step.action === 'sendPayment') {
      payments.push({
        id: randomUUID(),
        order_id: id,
        attempt: 1,
        idempotency_key: `${id}.1`,
        payer: 'faster-payments',
        amount_pence: total,
        reference: life.reference,
        day: londonDay(new Date(step.at)),
        state: 'accepted',
        payer_payment_id: `seed_${randomUUID()}`,
        created_at: iso(step.at),
        accepted_at: iso(step.at),
        asked_at: iso(step.at),
      })
    }
    if (step.action === 'settlePayment' || step.action === 'rejectPayment') {
      Object.assign(payments.at(-1)!, {
        state: step.action === 'settlePayment' ? 'settled' : 'rejected',
        reason: step.action === 'rejectPayment' ? step.reason : null,
        finished_at: iso(step.at),
      })
    }
    if (step.action === 'return') {
      returnTracking = `QF${random.int(100_000_000, 999_999_999)}GB`
    }
    event(step.at, step.actor, step.action, status, step.to, step.reason ?? null, step.actorName)
    status = step.to
    statusSince = step.at
  }

  // The retention job has already taken the full bank details of orders long at rest.
  const bankGoes = statusSince + catalogue.timings.bankDetailsDays * DAY + 60_000
  const bankGone = BANK_DETAILS_END.includes(status) && bankGoes <= now
  if (bankGone) event(bankGoes, 'system', 'remove-bank-details', status, status)
  const updatedAt = Math.max(statusSince, bankGone ? bankGoes : 0, remindedAt ?? 0)
  // A quarter ask for a postage pack; staff post it the next day, so only the last day's still wait,
  // as on a site whose packs go out (without this, every pack of 90 days waits, 25,000 of them).
  const pack = random.chance(0.25)
  const packPostedAt = pack && life.placedAt + DAY <= now ? iso(life.placedAt + DAY) : null
  const order: Row = {
    id,
    reference: life.reference,
    email: seller.email,
    status,
    total_pence: total,
    placed_at: iso(life.placedAt),
    updated_at: iso(updatedAt),
    status_since: iso(statusSince),
    name: seller.name,
    phone: seller.phone,
    address_line1: seller.addressLine1,
    address_line2: seller.addressLine2,
    town: seller.town,
    postcode: seller.postcode,
    payout_method: 'bank',
    payout_sealed: bankGone ? null : life.sealPayout(seller.bank, life.reference),
    payout_last4: seller.bank.accountNumber.slice(-4),
    marketing_consent: random.chance(0.3),
    terms_revision: 'seed',
    declarations: ['declareAge', 'declareOwner', 'declareWiped', 'declareTerms'],
    hold_until: iso(life.holdUntil),
    offer_deadline: offerDeadline === null ? null : iso(offerDeadline),
    offer_reminded_at: remindedAt === null ? null : iso(remindedAt),
    return_tracking: returnTracking,
    postage_pack: pack,
    postage_pack_posted_at: packPostedAt,
    idempotency_key: randomUUID(),
    request_hash: 'seed-orders',
  }
  return { order, items: itemRows, events, payments }
}

const reasonFor = (step: Step, device: string) => (step.reason ? `${device}: ${step.reason}` : device)

function pickModel(random: Random, models: SeedModel[]): SeedModel {
  const total = models.reduce((sum, model) => sum + model.weight, 0)
  let roll = random.next() * total
  for (const model of models) {
    roll -= model.weight
    if (roll < 0) return model
  }
  return models.at(-1)!
}

const gradeName = (catalogue: SeedCatalogue, key: string) =>
  catalogue.grades.find((grade) => grade.key === key)?.name ?? key
const gradeRank = (catalogue: SeedCatalogue, key: string) =>
  catalogue.grades.find((grade) => grade.key === key)?.rank ?? 0
