// `npm run drill:failover`: a standby that takes over, on one machine, without losing an order.
// A PostgreSQL primary with a synchronous streaming standby (pg_basebackup -R), pgbouncer in front
// (deploy/pgbouncer/pgbouncer.ini) as the one address the site knows, and one instance of the
// build (`npm start`) on it. Sellers place orders in a loop; after DRILL_BEFORE confirmed orders
// the primary is crashed (pg_ctl stop -m immediate) under a burst of checkouts, the standby
// promoted and pgbouncer repointed at it; the sellers carry on until DRILL_AFTER more are
// confirmed, each sending its checkout form again, with the same one-time key, after a retryable
// answer. Then every confirmed order is looked for on the new primary. Exit 1 if one is missing, a
// basket made two orders, or a checkout got an answer that is not retryable.
// Loopback ports from DRILL_PORT (default 8290), a temp folder removed at the end whatever happens.
// Needs Debian's postgresql (15) and pgbouncer, and a build (NEXT_DIST_DIR names another than
// web/.next). Docs: docs/recovery.md.
import { existsSync } from 'node:fs'
import path from 'node:path'
import { sellerTraffic } from './failover-drill/sellers'
import { drillServers, sleep, until } from './failover-drill/servers'

// npm runs its scripts from the project's root.
const root = process.cwd()
const STANDBY = 'standby1'
const run = Date.now().toString(36)

void main()

async function main() {
  const build = path.join(root, 'web', process.env.NEXT_DIST_DIR || '.next')
  if (!existsSync(path.join(build, 'BUILD_ID'))) fail(`No build in ${build}: run npm run build first.`)
  let servers: ReturnType<typeof drillServers>
  try {
    servers = drillServers(root, Number(process.env.DRILL_PORT ?? 8290))
  } catch (error) {
    return fail((error as Error).message)
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void servers.cleanUp().then(() => process.exit(1)))
  }
  let code = 1
  try {
    code = await drill(servers)
  } catch (error) {
    console.error(`The drill stopped: ${(error as Error).stack ?? error}`)
  } finally {
    await servers.cleanUp()
  }
  if (code !== 0) console.error(`The logs are in ${servers.logsDir}`)
  process.exit(code)
}

async function drill(servers: ReturnType<typeof drillServers>): Promise<number> {
  const { ports } = servers
  step(`primary on :${ports.primary}: initdb, wal_level=replica, synchronous standby "${STANDBY}"`)
  servers.startPrimary(STANDBY)
  step(`standby on :${ports.standby}: pg_basebackup -R, streaming`)
  await servers.startStandby(STANDBY)
  step(`pgbouncer on :${ports.bouncer} (session mode) in front of the primary`)
  await servers.startBouncer()
  step(`the site on :${ports.app}: one instance of the build, its DATABASE_URL on pgbouncer`)
  await servers.startApp()

  const sellers = sellerTraffic({
    front: `http://127.0.0.1:${ports.app}`,
    run,
    sellers: 4,
    before: Number(process.env.DRILL_BEFORE ?? 20),
    after: Number(process.env.DRILL_AFTER ?? 20),
    retrySeconds: 60,
  })
  step('4 sellers place orders')
  sellers.start()
  // Once enough are confirmed, each seller holds one more filled-in form; all are sent at once, and
  // the primary crashes while those checkouts are in flight.
  await until('the orders before the crash', async () => sellers.atTheGate(), 120)
  sellers.openGate()
  servers.crashPrimary()
  step(`primary stopped hard (pg_ctl stop -m immediate) after ${sellers.tally.confirmedBefore} orders`)
  await sleep(2000)
  servers.promoteStandby()
  step(`standby promoted, ${seconds(Date.now() - sellers.crashedAt())} s after the crash`)
  servers.repointBouncerAtStandby()
  step('pgbouncer repointed at the new primary and reloaded')
  const hung = sleep(180_000).then(() => {
    throw new Error('The sellers were still waiting for answers 3 minutes on: requests hang after the failover')
  })
  await Promise.race([sellers.finished(), hung])

  step('counting the orders on the new primary')
  const found = await servers.query(
    ports.standby,
    'select email, reference, placed_at from seller_order where email like $1 order by placed_at',
    [`drill.${run}.%`],
  )
  const byEmail = new Map<string, string[]>()
  for (const row of found) byEmail.set(row.email, [...(byEmail.get(row.email) ?? []), row.reference])
  const missing = [...sellers.confirmed].filter(([email, reference]) => !byEmail.get(email)?.includes(reference))
  const duplicates = [...byEmail].filter(([, references]) => references.length > 1)
  // A page may say the basket is empty only once its order is placed.
  const placedAt = new Map(found.map((row) => [row.email, row.placed_at as Date]))
  const falselyEmpty = [...sellers.shownEmpty].filter(([email, at]) => !(placedAt.get(email)! <= at))
  const { tally } = sellers

  const report: [string, string | number][] = [
    ['orders confirmed before the failover', tally.confirmedBefore],
    ['orders confirmed after it', tally.confirmedAfter],
    ['retryable answers: the page with "unavailable"', tally.answers.unavailable],
    ['retryable answers: connection cut or refused', tally.answers.connection],
    ['retryable answers: the order placed, the basket shown empty', tally.answers.emptied],
    ['  of which the basket was not placed yet (lost)', falselyEmpty.length],
    ['answers that were a 5xx', tally.answers['5xx']],
    ['answers of another kind', tally.answers.other],
    ['checkouts confirmed on a retry with the same key', tally.retriedThenConfirmed],
    ['checkouts given up after retrying for 60 s', tally.gaveUp],
    ['"unavailable" pages whose form had another key', tally.keyChanged],
    ['baskets that could not be filled (site down)', tally.startFailures],
    ['orders found on the new primary', found.length],
    ['confirmed orders missing there', missing.length],
    ['baskets with two orders', duplicates.length],
    ['orders there that no seller saw confirmed', [...byEmail.keys()].filter((e) => !sellers.confirmed.has(e)).length],
    ['outage: crash to the next confirmed order (s)', seconds(sellers.outageMs())],
  ]
  console.log('\nFailover drill report')
  for (const [label, value] of report) console.log(`  ${label.padEnd(60)} ${value}`)
  for (const line of tally.odd.slice(0, 10)) console.log(`  odd answer: ${line}`)
  for (const [email, reference] of missing) console.log(`  MISSING: ${reference} (${email})`)
  for (const [email, references] of duplicates) console.log(`  TWO ORDERS: ${references.join(', ')} (${email})`)

  const failed =
    missing.length > 0 ||
    duplicates.length > 0 ||
    falselyEmpty.length > 0 ||
    tally.answers['5xx'] + tally.answers.other > 0 ||
    tally.gaveUp > 0 ||
    tally.keyChanged > 0
  console.log(failed ? '\nFAILED' : '\nPASSED: every confirmed order is on the new primary, once')
  return failed ? 1 : 0
}

function fail(message: string): never {
  console.error(message)
  process.exit(1)
}

function step(words: string) {
  console.log(`[${new Date().toISOString().slice(11, 19)}] ${words}`)
}

const seconds = (ms: number) => (ms / 1000).toFixed(1)
