// `npm run seed:orders -- 100000 [--seed 1] [--force]`
// Fills the configured database (PGlite in .data, or DATABASE_URL) with made-up orders over the
// last ninety days, in every status, for looking at the staff pages and measuring them at size
// (npm run bench). Bank details are sealed with the real code and key. It refuses a database that is
// not clearly a developer's (scripts/seed-orders/safety.ts) unless --force. It also makes the bench's
// manager (bench.manager@example.com), whose password is BENCH_STAFF_PASSWORD or the one printed.
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { sql } from 'drizzle-orm'
import { databaseUrl, isProduction } from '@/config'
import { grantStaffRole } from '@/accounts/staff-accounts'
import { openDatabase, type Db } from '@/db/connection'
import { readPayoutKeys, sealPayout } from '@/payouts/payout-crypto'
import { newReference } from '@/orders/record/references'
import { takeInPaidDevices } from '@/stock/stock-store'
import { BENCH_MANAGER_EMAIL, benchManagerFile } from './bench-manager.ts'
import { readSeedCatalogue } from './seed-orders/catalogue'
import { seedOrder, type ImeiPool, type Row, type SeededOrder } from './seed-orders/order-life'
import { seededRandom } from './seed-orders/random'
import { refuseContents, refuseTarget } from './seed-orders/safety'

const USAGE = 'Usage: npm run seed:orders -- COUNT [--seed N] [--force]'
const BATCH = 1_000
export const BENCH_MANAGER = { email: BENCH_MANAGER_EMAIL, name: 'Bench Manager' }
/** A device sent twice, on two orders: what the bench's IMEI search looks for (scripts/bench-staff.mjs). */
export const BENCH_IMEI = '356938035643809'
const DEFAULT_BENCH_PASSWORD = 'bench-manager-dev-only-7Qx'

const ORDER_COLUMNS = [
  'id',
  'reference',
  'email',
  'status',
  'total_pence',
  'placed_at',
  'updated_at',
  'status_since',
  'name',
  'phone',
  'address_line1',
  'address_line2',
  'town',
  'postcode',
  'payout_method',
  'payout_sealed',
  'payout_last4',
  'marketing_consent',
  'terms_revision',
  'declarations',
  'hold_until',
  'offer_deadline',
  'offer_reminded_at',
  'return_tracking',
  'postage_pack',
  'postage_pack_posted_at',
  'idempotency_key',
  'request_hash',
]
const ITEM_COLUMNS = [
  'id',
  'order_id',
  'position',
  'model_id',
  'device',
  'variant_key',
  'grade_key',
  'grade_name',
  'answers',
  'price_pence',
  'catalogue_revision',
  'found_grade_key',
  'found_grade_name',
  'imei',
  'check_notes',
  'revised_price_pence',
  'revised_reason',
  'register_result',
  'register_certificate',
  'register_checked_at',
  'offer_answer',
  'offer_answered_at',
]
const PAYMENT_COLUMNS = [
  'id',
  'order_id',
  'attempt',
  'idempotency_key',
  'payer',
  'amount_pence',
  'reference',
  'day',
  'state',
  'payer_payment_id',
  'reason',
  'created_at',
  'accepted_at',
  'finished_at',
  'asked_at',
]
const EVENT_COLUMNS = [
  'order_id',
  'at',
  'actor',
  'actor_user_id',
  'actor_name',
  'action',
  'from_status',
  'to_status',
  'reason',
]

async function main() {
  const { values, positionals } = parseArgs({
    options: { seed: { type: 'string' }, force: { type: 'boolean' } },
    allowPositionals: true,
  })
  const count = Number(positionals[0])
  if (!Number.isInteger(count) || count < 1) return fail(USAGE, 2)
  const force = values.force === true
  const refused = refuseTarget({ databaseUrl: databaseUrl(), production: isProduction() })
  if (refused && !force)
    return fail(`Not seeding: ${refused} Run it with --force if this really is a scratch database.`, 1)

  const { db, engine, close } = await openDatabase()
  try {
    const [counted] = await rows<{ foreign: number }>(
      db,
      sql`select count(*)::int as foreign from seller_order where request_hash is distinct from 'seed-orders'`,
    )
    const odd = refuseContents(counted?.foreign ?? 0)
    if (odd && !force) return fail(`Not seeding: ${odd} Run it with --force if this really is a scratch database.`, 1)
    const started = performance.now()
    const made = await seedOrders(db, count, Number(values.seed ?? 1))
    const seconds = ((performance.now() - started) / 1000).toFixed(1)
    console.log(`${count} orders (${made.items} devices, ${made.events} events) on ${engine} in ${seconds} s.`)
    // The paid orders' devices are in stock, as the site's minute job would have put them there.
    let stocked = 0
    for (;;) {
      const added = await takeInPaidDevices(db)
      if (!added) break
      stocked += added
    }
    console.log(`${stocked} devices of paid orders taken into stock.`)
    const password = process.env.BENCH_STAFF_PASSWORD || DEFAULT_BENCH_PASSWORD
    const grant = await grantStaffRole(db, { ...BENCH_MANAGER, role: 'manager', password })
    // A new bench manager is invited like any member of staff: the bench opens the link from the
    // invitation in the outbox, chooses the password and sets up two-step login (bench-staff.mjs).
    if (grant.ok && grant.outcome === 'created') await keepInvitation(db)
    console.log(
      grant.ok
        ? `Bench manager: ${BENCH_MANAGER.email}${process.env.BENCH_STAFF_PASSWORD ? '' : `, password ${password}`}.`
        : grant.message,
    )
  } finally {
    await close()
  }
}

/** Keeps the bench manager's set-up link (its path) for the bench's first sign-in, in place of an old key. */
async function keepInvitation(db: Db) {
  const [mail] = await rows<{ text_body: string }>(
    db,
    sql`select text_body from email_outbox where lower(to_address) = ${BENCH_MANAGER.email} order by created_at desc limit 1`,
  )
  const link = mail?.text_body.match(/https?:\/\/\S+(\/staff-setup\?token=[\w%.-]+)/)?.[1]
  if (!link) throw new Error('The bench manager was created, but no set-up link is in the outbox.')
  const file = benchManagerFile()
  mkdirSync(path.dirname(file), { recursive: true })
  writeFileSync(file, JSON.stringify({ setup: link }), { mode: 0o600 })
}

/** Writes `count` orders, their devices and events, a thousand orders to a transaction. */
export async function seedOrders(db: Db, count: number, seed: number, now = Date.now()) {
  const random = seededRandom(seed)
  const catalogue = readSeedCatalogue()
  const keys = readPayoutKeys()
  const seal = (bank: Parameters<typeof sealPayout>[0], reference: string) => sealPayout(bank, reference, keys)
  const references = new Set<string>()
  const imeis: ImeiPool = { seen: [] }
  let items = 0
  let events = 0
  for (let done = 0; done < count; done += BATCH) {
    const batch: SeededOrder[] = []
    for (let n = done; n < Math.min(count, done + BATCH); n++) {
      let reference = newReference()
      while (references.has(reference)) reference = newReference()
      references.add(reference)
      batch.push(seedOrder(random, catalogue, now, reference, seal, imeis))
    }
    await db.transaction(async (tx) => {
      await insertRows(
        tx,
        'seller_order',
        ORDER_COLUMNS,
        batch.map((made) => made.order),
      )
      await insertRows(
        tx,
        'order_item',
        ITEM_COLUMNS,
        batch.flatMap((made) => made.items),
      )
      await insertRows(
        tx,
        'order_event',
        EVENT_COLUMNS,
        batch.flatMap((made) => made.events),
      )
      const payments = batch.flatMap((made) => made.payments)
      if (payments.length) await insertRows(tx, 'payment', PAYMENT_COLUMNS, payments)
    })
    items += batch.reduce((sum, made) => sum + made.items.length, 0)
    events += batch.reduce((sum, made) => sum + made.events.length, 0)
  }
  // The bench's IMEI, on a checked device of each of two orders.
  await db.execute(sql`
    update order_item set imei = ${BENCH_IMEI} where id in (
      select distinct on (order_id) id from order_item where imei is not null and order_id in (
        select distinct order_id from order_item where imei is not null order by order_id limit 2) order by order_id, id)`)
  // Fresh statistics, so the planner sees the tables as they now are; and vacuumed, as autovacuum
  // keeps a live database: a bulk load leaves the visibility map empty, so every count read the
  // table itself (a count of all orders 45 ms instead of 13 ms by an index alone).
  await db.execute(sql`vacuum (analyze) seller_order, order_item, order_event`)
  return { items, events }
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/** One multi-row insert: the rows go as one JSON parameter, unpacked by the server. */
async function insertRows(tx: Tx, table: string, columns: string[], list: Row[]) {
  const names = sql.raw(columns.map((column) => `"${column}"`).join(', '))
  await tx.execute(
    sql`insert into ${sql.raw(`"${table}"`)} (${names}) select ${names} from json_populate_recordset(null::${sql.raw(`"${table}"`)}, ${JSON.stringify(list)}::json)`,
  )
}

async function rows<Row>(db: Db, statement: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await db.execute(statement)) as unknown as { rows: Row[] }).rows
}

function fail(message: string, code: number) {
  console.error(message)
  process.exitCode = code
}

if (process.argv[1]?.endsWith('seed-orders.ts'))
  main().catch((error: Error) => fail(`seed:orders failed: ${error.message}`, 1))
