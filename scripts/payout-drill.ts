// `npm run drill:payouts`: every seller paid exactly once, the sum paid the sum due, with the site
// killed in the middle of a payment run. A PostgreSQL primary with its standby and pgbouncer (the
// failover drill's servers), the payments provider's stand-in on its own (so it outlives the site,
// as a real provider does), and one instance of the build whose payout job's clock is set past the
// next working day's cut-off (PAYOUT_CLOCK). DRILL_PAYMENTS ready orders (default 500) are placed
// with real sealed bank details; the stand-in delays every webhook and sends each twice. Once the
// job has sent DRILL_KILL_AT payments the site is killed (SIGKILL: no goodbye), then started again.
// Then: every order paid once, one payment per order at the provider, the sum settled equal to the
// sum due, one "paid" e-mail each. Exit 1 otherwise. Ports from DRILL_PORT (default 8390).
// Needs Debian's postgresql and pgbouncer and a build. Docs: docs/operators.md, "The payout job".
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { createWriteStream, existsSync } from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { openDatabase } from '@/db/connection'
import { orderItem, payoutLimit, sellerOrder } from '@/db/schema'
import { placeOrder } from '@/orders/record/store'
import { calendarOf, cutoffOn, londonDay, nextWorkingDay } from '@/orders/record/working-days'
import { readPayoutKeys, sealPayout } from '@/payouts/payout-crypto'
import { sampleOrder } from '../tests/support/order-fixtures'
import { drillServers, sleep, until } from './failover-drill/servers'

const root = process.cwd()
const PAYMENTS = Number(process.env.DRILL_PAYMENTS ?? 500)
/** 0: no kill (npm run bench -- --payouts times a run of 5,000 this way). */
const KILL_AT = Number(process.env.DRILL_KILL_AT ?? Math.floor(PAYMENTS / 4))
const run = Date.now().toString(36)

void main()

async function main() {
  const build = path.join(root, 'web', process.env.NEXT_DIST_DIR || '.next')
  if (!existsSync(path.join(build, 'BUILD_ID'))) fail(`No build in ${build}: run npm run build first.`)
  const servers = drillServers(root, Number(process.env.DRILL_PORT ?? 8390))
  const standIn: { child?: ChildProcess } = {}
  const stop = async () => {
    standIn.child?.kill('SIGTERM')
    await servers.cleanUp()
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => void stop().then(() => process.exit(1)))
  let code = 1
  try {
    code = await drill(servers, standIn)
  } catch (error) {
    console.error(`The drill stopped: ${(error as Error).stack ?? error}`)
  } finally {
    await stop()
  }
  if (code !== 0) console.error(`The logs are in ${servers.logsDir}`)
  process.exit(code)
}

type Summary = {
  payments: number
  settled: number
  settledPence: number
  webhooksSent: number
  webhooksDelivered: number
  duplicatesSent: number
  webhooksWaiting: number
}

async function drill(servers: ReturnType<typeof drillServers>, standIn: { child?: ChildProcess }): Promise<number> {
  const { ports } = servers
  const paymentsPort = ports.app + 4
  const standInKey = randomBytes(24).toString('hex')
  const payoutKey = randomBytes(32).toString('base64url')
  const admin = (route: string, body?: unknown) =>
    fetch(`http://127.0.0.1:${paymentsPort}/admin/${route}`, {
      method: body ? 'POST' : 'GET',
      headers: { authorization: `Bearer ${standInKey}`, 'content-type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    }).then(async (response) => {
      if (!response.ok) throw new Error(`The stand-in's ${route} answered ${response.status}`)
      return (await response.json()) as Summary
    })

  step('primary, standby and pgbouncer (the failover drill’s servers)')
  servers.startPrimary('standby1')
  await servers.startStandby('standby1')
  await servers.startBouncer()

  step(`the payments stand-in on :${paymentsPort}, on its own: it outlives the site, as a provider does`)
  const log = createWriteStream(path.join(servers.folder, 'payments.log'))
  standIn.child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join('payments-api', 'main.ts'),
      '--port',
      String(paymentsPort),
      '--webhook-url',
      `http://127.0.0.1:${ports.app}/api/payouts/faster-payments/webhook`,
    ],
    { cwd: root, env: { ...process.env, STAND_IN_KEY: standInKey }, stdio: ['ignore', 'pipe', 'pipe'] },
  )
  standIn.child.stdout!.pipe(log)
  standIn.child.stderr!.pipe(log)
  await until('the stand-in', async () => (await fetch(`http://127.0.0.1:${paymentsPort}/health`)).ok)
  // Every webhook late and twice: the site must apply each outcome once.
  await admin('switches', { settleMs: 300, webhookDelayMs: 1500, webhookDuplicates: 2 })

  step(`${PAYMENTS} orders ready to pay, with sealed bank details`)
  const opened = await openDatabase({ url: `postgres://postgres@127.0.0.1:${ports.primary}/postgres` })
  const db = opened.db
  const keys = readPayoutKeys({ PAYOUT_ENCRYPTION_KEY: payoutKey })
  const readySince = new Date(Date.now() - 3_600_000)
  let duePence = 0
  const references: string[] = []
  for (let index = 0; index < PAYMENTS; index++) {
    const pence = 5_000 + ((index * 37) % 20_000)
    const bank = {
      accountHolder: `Seller Number ${index}`,
      sortCode: '30-94-57',
      accountNumber: String(40_000_000 + index),
    }
    const placed = await placeOrder(
      db,
      sampleOrder({
        sealPayout: (reference) => sealPayout(bank, reference, keys),
        items: [{ ...sampleOrder().items[0]!, pricePence: pence }],
      }),
    )
    if (placed.kind !== 'placed') throw new Error(`Seeding: ${placed.kind}`)
    references.push(placed.reference)
    duePence += pence
    await db
      .update(sellerOrder)
      .set({ status: 'checked', statusSince: readySince, totalPence: pence, payeeCheck: 'match' })
      .where(sql`${sellerOrder.id} = ${placed.id}`)
    await db
      .update(orderItem)
      .set({ registerResult: 'pass', registerCertificate: `C-${index}`, registerCheckedAt: readySince })
      .where(sql`${orderItem.orderId} = ${placed.id}`)
  }
  // The whole run within the day's limit: the limit is its own test (tests/unit/db/payouts.test.ts).
  await db.insert(payoutLimit).values({ dailyPence: duePence + 1 })
  await opened.close()

  const calendar = calendarOf([])
  const day = nextWorkingDay(londonDay(new Date()), calendar)
  const clock = cutoffOn(day, '14:05')
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
  const site = {
    PAYOUT_ENCRYPTION_KEY: payoutKey,
    STAND_IN_KEY: standInKey,
    PAYMENTS_URL: `http://127.0.0.1:${paymentsPort}`,
    PAYMENTS_ROUTE: 'faster-payments',
    PAYOUT_JOB: 'on',
    PAYOUT_CLOCK: clock,
    REGISTER_STANDIN_PORT: String(ports.app + 5),
    PAYPAL_STANDIN_PORT: String(ports.app + 6),
    CARRIER_STANDIN_PORT: String(ports.app + 7),
  }
  step(`the site on :${ports.app}, its payout job's clock at ${clock} (past the cut-off of ${day})`)
  const first = await servers.startApp(site)
  const started = Date.now()
  let atKill: Summary | null = null
  let unknown = { sending: 0, accepted: 0 }
  if (KILL_AT > 0) {
    await until(`the job to send ${KILL_AT} payments`, async () => (await admin('summary')).payments >= KILL_AT, 180)
    atKill = await admin('summary')
    first.kill('SIGKILL')
    await new Promise((resolve) => first.once('exit', resolve))
    step(
      `killed (SIGKILL) after ${atKill.payments} payments sent, ${seconds(Date.now() - started)} s in; started again`,
    )
    // What the site left unknown: sent without hearing back, or with no final word yet. Each is asked
    // about again (the same key, or read back by id) before anything else is sent.
    const left = await openDatabase({ url: `postgres://postgres@127.0.0.1:${ports.primary}/postgres` })
    unknown = (
      (await left.db.execute(
        sql`select count(*) filter (where state = 'sending')::int as sending, count(*) filter (where state = 'accepted')::int as accepted from payment`,
      )) as unknown as { rows: Array<{ sending: number; accepted: number }> }
    ).rows[0]!
    await left.close()
    step(
      `left unknown at the kill: ${unknown.sending} sending (no answer heard), ${unknown.accepted} accepted (no final word)`,
    )
    await sleep(1_000)
    await servers.startApp(site)
  }

  const check = await openDatabase({ url: `postgres://postgres@127.0.0.1:${ports.primary}/postgres` })
  const paid = async () =>
    Number(
      (
        (await check.db.execute(
          sql`select count(*)::int as n from seller_order where status = 'paid' and reference in ${references}`,
        )) as unknown as { rows: { n: number }[] }
      ).rows[0]!.n,
    )
  await until(`every order paid`, async () => (await paid()) === PAYMENTS, 900)
  const allPaid = Date.now()
  // Let the duplicates still in flight land, then count.
  await until(
    'the stand-in’s webhooks to be delivered',
    async () => (await admin('summary')).webhooksWaiting === 0,
    120,
  )
  const summary = await admin('summary')
  const rows = (await check.db.execute(sql`select
      (select count(*)::int from payment) as payments,
      (select count(*)::int from payment where state = 'settled') as settled,
      (select count(distinct order_id)::int from payment) as orders,
      (select max(attempt)::int from payment) as attempts,
      (select coalesce(sum(amount_pence), 0)::bigint from payment where state = 'settled') as settled_pence,
      (select count(*)::int from order_event where action = 'settlePayment') as settle_events,
      (select count(*)::int from email_outbox where kind = 'paid') as paid_mails,
      (select count(*)::int from payment_event) as events_applied`)) as unknown as {
    rows: Array<Record<string, number | string>>
  }
  await check.close()
  const seen = Object.fromEntries(Object.entries(rows.rows[0]!).map(([key, value]) => [key, Number(value)]))
  const proofs: Array<[string, boolean]> = [
    [`every order paid: ${PAYMENTS} of ${PAYMENTS}`, true],
    [`payments at the provider: ${summary.payments} (one per order)`, summary.payments === PAYMENTS],
    [
      `payments on record: ${seen.payments}, for ${seen.orders} orders, attempt ${seen.attempts} at most`,
      seen.payments === PAYMENTS && seen.orders === PAYMENTS && seen.attempts === 1,
    ],
    [
      `settled: ${seen.settled} on record, ${summary.settled} at the provider`,
      seen.settled === PAYMENTS && summary.settled === PAYMENTS,
    ],
    [
      `sum due £${pounds(duePence)}, sum paid £${pounds(summary.settledPence)} (on record £${pounds(seen.settled_pence!)})`,
      summary.settledPence === duePence && seen.settled_pence === duePence,
    ],
    [
      `"paid" moves ${seen.settle_events}, "paid" e-mails ${seen.paid_mails}: one each`,
      seen.settle_events === PAYMENTS && seen.paid_mails === PAYMENTS,
    ],
    [
      `webhooks: ${summary.webhooksSent} sent (${summary.duplicatesSent} duplicates), ${summary.webhooksDelivered} delivered, ${seen.events_applied} events applied`,
      summary.duplicatesSent > 0,
    ],
    [
      atKill
        ? `kills: 1 (SIGKILL after ${atKill.payments} payments sent; ${unknown.sending + unknown.accepted} outcomes unknown then)`
        : 'kills: none (a timed run)',
      !atKill || atKill.payments < PAYMENTS,
    ],
    [`time: ${seconds(allPaid - started)} s from the site's start to every order paid`, true],
  ]
  console.log('\nWhat the drill proves:')
  for (const [line, ok] of proofs) console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${line}`)
  return proofs.every(([, ok]) => ok) ? 0 : 1
}

function fail(message: string): never {
  console.error(message)
  process.exit(1)
}

function step(words: string) {
  console.log(`[payout drill ${run}] ${words}`)
}

const seconds = (ms: number) => (ms / 1000).toFixed(1)
const pounds = (pence: number) => (pence / 100).toFixed(2)
