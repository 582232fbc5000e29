import { createHash, randomUUID } from 'node:crypto'
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { addLine, createBasket, findBasket } from '@/basket/store'
import {
  backupServer,
  BackupError,
  differences,
  MANIFEST_FILE,
  prepareBackupFolder,
  readBackup,
  restorePglite,
  restoreServer,
  writePgliteBackup,
  type Manifest,
} from '@/db/backup'
import type { Db, OpenedDatabase } from '@/db/connection'
import {
  collectionDevice,
  collectionDocument,
  collectionQuoteEvent,
  orderItem,
  orderItemPhoto,
  orderLockHold,
  orderParcel,
  parcelEvent,
  policyMailing,
  priceAlertPrice,
  rateLimitHit,
  sellerOrder,
  smsOutbox,
  stockDevice,
  user,
} from '@/db/schema'
import { scanCode, startSession } from '@/orders/goods-in/goods-in-store'
import { placeOrder } from '@/orders/record/store'
import { exportRecords } from '@/stock/records'
import { moveDevice, recordErasure, takeInPaidDevices } from '@/stock/stock-store'
import { sampleOrder } from '../../support/order-fixtures'
import { addPerson, rowsOf } from '../../support/personal-data-fixture'
import { createTestDatabase, type TestDatabase } from '../../support/test-database'

// The round trip on the engine the suite runs on: PGlite, or the server DATABASE_URL names.
const homes: TestDatabase[] = []
const opens: OpenedDatabase[] = []
let source: TestDatabase
let opened: OpenedDatabase
let db: Db

/** Empty, as a restore needs (on PGlite too, where a test's database is otherwise a migrated copy). */
async function newDatabase(): Promise<TestDatabase> {
  const home = await createTestDatabase({ empty: true })
  homes.push(home)
  return home
}

async function open(home: TestDatabase): Promise<OpenedDatabase> {
  const database = await home.open()
  opens.push(database)
  return database
}

beforeAll(async () => {
  source = await newDatabase()
  opened = await open(source)
  db = opened.db
  await fillEveryTable(db)
}, 60_000)

// Dropping each database waits for its last connection to go: seconds under CI's load (it once
// took more than Jest's default 5 s, and the suite was failed for a slow clean-up).
afterAll(async () => {
  for (const database of opens) await database.close().catch(() => undefined)
  for (const home of homes) await home.destroy()
}, 60_000)

const iphone = { modelId: 'model-iphone-13', variantKey: '128gb', gradeKey: 'good', answers: {}, pricePence: 16_000 }

/** Something in every table: a person with an account, orders, e-mails, subscriptions and a message; a basket; a limit's hit; an alert's price; a parcel's label and scan; goods-in; a device in stock; an export of the records; a policy change's mailing. */
async function fillEveryTable(into: Db) {
  const outboxFolder = mkdtempSync(path.join(tmpdir(), 'backup-outbox-'))
  await addPerson(into, { label: 'bea', outboxFolder })
  await addPerson(into, { label: 'cal', outboxFolder, guest: true })
  const basket = await createBasket(into)
  await addLine(into, basket.id, iphone, { limit: 10 })
  const now = Date.now()
  await into.insert(rateLimitHit).values({ bucket: 'b', at: new Date(now), expiresAt: new Date(now + 60_000) })
  await into.insert(priceAlertPrice).values({ modelId: 'model-iphone-13', pence: 16_000 })
  // Goods-in: a member of staff's session, one parcel received by its scan and one that matched nothing.
  const staff = { id: randomUUID(), name: 'Gail Goodsin', role: 'staff' as const }
  await into.insert(user).values({ ...staff, email: `${staff.id}@example.com` } as typeof user.$inferInsert)
  const placed = await placeOrder(into, sampleOrder())
  if (placed.kind !== 'placed') throw new Error(placed.kind)
  const [order] = await into.select().from(sellerOrder).where(eq(sellerOrder.id, placed.id))
  const sessionId = await startSession(into, staff.id)
  // The received order held for an activation lock on its one device, as staff's hold writes it.
  const [item] = await into.select().from(orderItem).where(eq(orderItem.orderId, order!.id))
  await into.insert(orderLockHold).values({
    orderId: order!.id,
    itemIds: [item!.id],
    heldBy: staff.id,
    deadline: new Date(now + 14 * 86_400_000),
    remindAt: new Date(now + 13 * 86_400_000),
  })
  // The carrier's label for the order, and one scan of its parcel, as the carrier's jobs write them.
  const [parcel] = await into
    .insert(orderParcel)
    .values({ orderId: order!.id, trackingNumber: 'RT473124829GB', insuredPence: 16_000 })
    .returning({ id: orderParcel.id })
  await into.insert(parcelEvent).values({ parcelId: parcel!.id, code: 'EVPPA', at: new Date(now) })
  // The text the astray job queues for a parcel gone quiet.
  await into.insert(smsOutbox).values({ orderId: order!.id, kind: 'parcelAstray', body: 'Your parcel has not moved.' })
  // A policy change's e-mailing, part way through (its cursor a hash, as the job writes it).
  await into.insert(policyMailing).values({ changeId: 'policy-change-1', cursor: 'a'.repeat(64), sent: 200 })
  for (const code of [order!.reference, 'NO-LABEL-1']) {
    await scanCode(into, {
      sessionId,
      scanKey: randomUUID(),
      code,
      staff,
      reason: 'Scanned',
      receiving: { models: [] },
    })
  }
  // Stock: a paid order's device taken in, erased (its record) and shelved (an event).
  const paid = await placeOrder(into, sampleOrder())
  if (paid.kind !== 'placed') throw new Error(paid.kind)
  await into.update(sellerOrder).set({ status: 'paid' }).where(eq(sellerOrder.id, paid.id))
  await takeInPaidDevices(into)
  const [stocked] = await rowsOf<{ id: string }>(into, sql`select id from stock_device limit 1`)
  const by = { actor: 'staff' as const, userId: staff.id }
  const erasure = await recordErasure(into, {
    deviceId: stocked!.id,
    source: 'manual',
    mail: null,
    by,
    facts: {
      reportId: 'B-1',
      tool: 'WipeSure Mobile',
      toolVersion: '5.2.1',
      operator: staff.name,
      erasedAt: new Date(now),
      mediaType: 'Flash, 128 GB',
      level: 'purge',
      technique: 'Cryptographic erase',
      verification: 'Full verification',
      result: 'passed',
    },
  })
  if (erasure.kind !== 'recorded') throw new Error(erasure.kind)
  await moveDevice(into, { deviceId: stocked!.id, by, action: 'locate', expectedState: 'in-stock', location: 'A1' })
  // The records: one export of the stock book, itself recorded.
  await exportRecords(
    into,
    { kind: 'stock-book', from: '2026-01-01', to: '2026-12-31', deviceCode: null, reason: null },
    { userId: staff.id, name: staff.name },
  )
  // A business collection's device in stock and its two documents.
  const [request] = await rowsOf<{ id: string }>(into, sql`select id from collection_request limit 1`)
  const [device] = await into
    .insert(collectionDevice)
    .values({ requestId: request!.id, position: 1, make: 'Apple', model: 'iPhone 12', imei: '356938035643809' })
    .returning({ id: collectionDevice.id })
  await into.insert(stockDevice).values({ collectionDeviceId: device!.id })
  await into.insert(collectionQuoteEvent).values({
    requestId: request!.id,
    deviceId: device!.id,
    actorUserId: staff.id,
    actorName: staff.name,
    valuePence: 4500,
  })
  await into.insert(collectionDocument).values(
    (['certificate', 'waste-note'] as const).map((kind, index) => ({
      requestId: request!.id,
      kind,
      number: `ABCDEF00000${index}`,
      issuedBy: staff.id,
      issuedByName: staff.name,
    })),
  )
}

/** Every table's rows, each as JSON, sorted: two databases with equal results hold the same data. */
async function everyRow(of: Db): Promise<Record<string, string[]>> {
  const tables = await rowsOf<{ schema: string; name: string }>(
    of,
    sql`select table_schema as schema, table_name as name from information_schema.tables
         where table_type = 'BASE TABLE' and table_schema in ('public', 'drizzle') order by 1, 2`,
  )
  const all: Record<string, string[]> = {}
  for (const { schema, name } of tables) {
    const rows = await rowsOf<{ row: string }>(
      of,
      sql`select to_jsonb(t)::text as row from ${sql.identifier(schema)}.${sql.identifier(name)} t order by 1`,
    )
    all[`${schema}.${name}`] = rows.map((row) => row.row)
  }
  return all
}

/** A backup of the source made as the running site makes it: PGlite by its own dump, a server by pg_dump. */
async function backUp(copied = () => {}): Promise<{ dir: string; manifest: Manifest }> {
  const dir = path.join(mkdtempSync(path.join(tmpdir(), 'backup-')), 'copy')
  await prepareBackupFolder(dir)
  if (source.kind === 'pglite') {
    const tarball = await opened.dumpDataDir!()
    copied()
    return { dir, manifest: await writePgliteBackup(dir, tarball, null) }
  }
  const manifest = await backupServer((source.options as { url: string }).url, dir, null)
  copied()
  return { dir, manifest }
}

/** Restores into a database that is new and empty, and opens it (which applies any newer migrations). */
async function restoreIntoEmpty(dir: string): Promise<{ rows: Record<string, number>; restored: OpenedDatabase }> {
  const { file } = await readBackup(dir)
  const target = await newDatabase()
  const { rows } =
    target.kind === 'pglite'
      ? await restorePglite(file, (target.options as { dataDir: string }).dataDir)
      : await restoreServer(file, (target.options as { url: string }).url)
  return { rows, restored: await open(target) }
}

it('restores into an empty database every table row for row, and the restored copy takes a new order', async () => {
  const before = await everyRow(db)
  const empty = Object.entries(before).filter(([, rows]) => rows.length === 0)
  expect(empty.map(([table]) => table)).toEqual([])

  const { dir, manifest } = await backUp()
  expect(manifest.engine).toBe(source.kind)
  expect(manifest.rows).toEqual(Object.fromEntries(Object.entries(before).map(([table, rows]) => [table, rows.length])))

  const { rows, restored } = await restoreIntoEmpty(dir)
  expect(differences(manifest.rows, rows)).toEqual([])
  expect(await everyRow(restored.db)).toEqual(before)
  // The photos of the checks come back byte for byte (bytea, in the rows compared above too).
  const photos = async (of: Db) =>
    (await of.select().from(orderItemPhoto).orderBy(orderItemPhoto.id)).map((photo) => photo.bytes.toString('hex'))
  expect(await photos(restored.db)).toEqual(await photos(db))
  expect((await photos(db)).length).toBeGreaterThan(0)

  // The restored copy is a working database: its sequences and keys carry on after the copied rows.
  const basket = await createBasket(restored.db)
  await addLine(restored.db, basket.id, iphone, { limit: 10 })
  const shown = await findBasket(restored.db, basket.token)
  const order = sampleOrder({
    basket: { id: basket.id, lines: shown!.lines.map(({ id, quantity }) => ({ id, quantity })) },
  })
  const placed = await placeOrder(restored.db, order)
  expect(placed.kind).toBe('placed')
  const orders = await restored.db.select({ id: sellerOrder.id }).from(sellerOrder)
  expect(orders).toHaveLength(before['public.seller_order']!.length + 1)
}, 120_000)

it('a copy taken while orders are being placed holds exactly what its manifest counts, and no order half written', async () => {
  const ordersBefore = (await db.select({ id: sellerOrder.id }).from(sellerOrder)).length
  let writing = true
  const writer = (async () => {
    let placed = 0
    while (writing) {
      // As a site's requests do, each order arrives by way of the event loop: PGlite answers
      // without I/O, so a loop of nothing but its promises would never let the backup's timer run.
      await new Promise((resolve) => setImmediate(resolve))
      const basket = await createBasket(db)
      await addLine(db, basket.id, iphone, { limit: 10 })
      const shown = await findBasket(db, basket.token)
      const lines = shown!.lines.map(({ id, quantity }) => ({ id, quantity }))
      if ((await placeOrder(db, sampleOrder({ basket: { id: basket.id, lines } }))).kind === 'placed') placed++
    }
    return placed
  })()
  await new Promise((resolve) => setTimeout(resolve, 500))
  const { dir, manifest } = await backUp(() => (writing = false))
  expect(await writer).toBeGreaterThan(0)

  const { rows, restored } = await restoreIntoEmpty(dir)
  expect(differences(manifest.rows, rows)).toEqual([])
  expect(rows['public.seller_order']).toBeGreaterThan(ordersBefore)
  // An order is written with its devices and its first event in one transaction: the copy has all or none.
  const halfWritten = await rowsOf<{ n: number }>(
    restored.db,
    sql`select count(*)::int as n from seller_order o
         where not exists (select 1 from order_item i where i.order_id = o.id)
            or not exists (select 1 from order_event e where e.order_id = o.id)`,
  )
  expect(halfWritten[0]!.n).toBe(0)
}, 120_000)

it('refuses a damaged copy, and a database that is not empty', async () => {
  const { dir, manifest } = await backUp()
  const file = path.join(dir, manifest.file)
  const bytes = readFileSync(file)
  bytes[Math.floor(bytes.length / 2)]! ^= 0xff
  writeFileSync(file, bytes)
  await expect(readBackup(dir)).rejects.toThrow(/is damaged: its checksum/)

  const good = await backUp()
  const { file: goodFile } = await readBackup(good.dir)
  if (source.kind === 'pglite') {
    await opened.close()
    try {
      await expect(restorePglite(goodFile, (source.options as { dataDir: string }).dataDir)).rejects.toThrow(
        /already holds a database/,
      )
    } finally {
      opened = await open(source)
      db = opened.db
    }
  } else {
    await expect(restoreServer(goodFile, (source.options as { url: string }).url)).rejects.toBeInstanceOf(BackupError)
  }
  // Nothing was changed by the refusal.
  expect(JSON.parse(readFileSync(path.join(good.dir, MANIFEST_FILE), 'utf8')).rows).toEqual(good.manifest.rows)
}, 120_000)

// A whole backup is made first: seconds on a loaded machine, as the other tests that make one allow.
it('will not write a backup over another', async () => {
  const { dir } = await backUp()
  await expect(prepareBackupFolder(dir)).rejects.toThrow(/is not empty/)
}, 60_000)

it('refuses a manifest whose file is anything but a plain name inside the backup folder, before reading it', async () => {
  // A file outside the backup whose size and checksum the forged manifest records truly: only the
  // name can stop it being read (and restored over the database).
  const outside = mkdtempSync(path.join(tmpdir(), 'backup-outside-'))
  const dir = path.join(outside, 'backup')
  mkdirSync(dir)
  const bytes = Buffer.from('not a backup of ours')
  writeFileSync(path.join(outside, 'elsewhere.dump'), bytes)
  const sha256 = createHash('sha256').update(bytes).digest('hex')
  const manifest = (file: string): Manifest => ({
    format: 'handback-database-backup',
    version: 1,
    engine: 'postgres',
    createdAt: new Date().toISOString(),
    file,
    bytes: bytes.length,
    sha256,
    migrations: 0,
    rows: {},
    keys: false,
  })
  for (const file of [
    '../elsewhere.dump',
    path.join(outside, 'elsewhere.dump'),
    'sub/elsewhere.dump',
    'sub\\elsewhere.dump',
    '..',
    '.',
    '',
    'database.dump\0.txt',
  ]) {
    writeFileSync(path.join(dir, MANIFEST_FILE), JSON.stringify(manifest(file)))
    const outcome = await readBackup(dir).then(
      (read) => `read ${read.file}`,
      (error: Error) => error.message,
    )
    expect({ file, outcome }).toEqual({ file, outcome: expect.stringMatching(/is not a plain file name inside/) })
  }
})
