import { spawn, spawnSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { expect, request as requests, test, type APIRequestContext } from '@playwright/test'
import { encodeSignatureHeader } from '@sanity/webhook'
import { checkoutFields } from '../support/checkout-fields'
import { REVALIDATE_SECRET, testClientAddress, uniqueEmail } from '../support/e2e-env'
import { GOOD_IPHONE, visitor } from '../e2e/basket-client'
import { readPageForm, sendPageForm, type PostedForm } from '../e2e/form-post'
import { Client } from 'pg'
import {
  DATABASE,
  FRONT,
  INSTANCE_A,
  INSTANCE_B,
  REDIS_PORT,
  redisCliEnv,
  STACK_DIR,
  stackProcesses,
  STACK_SEED_PATH,
} from './stack-env'

const contexts: APIRequestContext[] = []
async function at(baseURL: string, from?: APIRequestContext) {
  const context = await requests.newContext({ baseURL, storageState: from ? await from.storageState() : undefined })
  contexts.push(context)
  return context
}
test.afterAll(async () => {
  for (const context of contexts) await context.dispose()
})

/** The Pixel 8's top price, as its model page says it ("Up to £140"), on one instance. */
async function pixel8Top(instance: string): Promise<string> {
  const html = await (await fetch(`${instance}/sell-my-phone/pixel-8`)).text()
  return /Up to £(\d+)/.exec(html)?.[1] ?? 'none'
}

/** Sets the Pixel 8 128GB's price in Excellent condition in the stack's seed copy; gives back the old line. */
function setPixel8Price(pence: number): () => void {
  const lines = readFileSync(STACK_SEED_PATH, 'utf8').split('\n')
  const index = lines.findIndex((line) => line.includes('"_id":"model-pixel-8"'))
  const original = lines[index]!
  const doc = JSON.parse(original) as {
    variants: Array<{ _key: string; prices: Array<{ _key: string; pence: number }> }>
  }
  for (const variant of doc.variants) {
    if (variant._key !== '128gb') continue
    for (const price of variant.prices) if (price._key === 'excellent') price.pence = pence
  }
  lines[index] = JSON.stringify(doc)
  writeFileSync(STACK_SEED_PATH, lines.join('\n'))
  return () => {
    const now = readFileSync(STACK_SEED_PATH, 'utf8').split('\n')
    now[index] = original
    writeFileSync(STACK_SEED_PATH, now.join('\n'))
  }
}

/** The publish webhook for a model, as Sanity signs it, sent to one instance only. */
async function publishModel(instance: string) {
  const body = JSON.stringify({ _id: 'model-pixel-8', _type: 'deviceModel' })
  const response = await fetch(`${instance}/api/revalidate`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'sanity-webhook-signature': await encodeSignatureHeader(body, Date.now(), REVALIDATE_SECRET),
    },
    body,
  })
  expect(response.status).toBe(200)
  expect(await response.json()).toEqual({ ok: true, revalidated: ['deviceModel'] })
}

/**
 * Instance B's answers for the Pixel 8 after a publish sent to A, until it shows `pounds`: Next
 * serves a page whose content was published once more (stale while it renders the new one, so a
 * content source that is down leaves the last good page), then the new one.
 */
async function answersUntil(instance: string, pounds: string, tries = 10): Promise<string[]> {
  const seen: string[] = []
  for (let i = 0; i < tries && seen.at(-1) !== pounds; i++) {
    seen.push(await pixel8Top(instance))
    if (seen.at(-1) !== pounds) await new Promise((resolve) => setTimeout(resolve, 300))
  }
  return seen
}

test('a price published through the webhook sent to instance A is shown by instance B, with no webhook of its own', async () => {
  // Both instances have the page cached: an edit alone changes nothing on either.
  for (const instance of [INSTANCE_A, INSTANCE_B, INSTANCE_A, INSTANCE_B]) expect(await pixel8Top(instance)).toBe('140')
  const restore = setPixel8Price(17300)
  try {
    expect([await pixel8Top(INSTANCE_A), await pixel8Top(INSTANCE_B)]).toEqual(['140', '140'])
    await publishModel(INSTANCE_A)
    // An instance reads the shared marks at most every 200 ms (cache-handler.mjs).
    await new Promise((resolve) => setTimeout(resolve, 250))
    const seen = await answersUntil(INSTANCE_B, '173')
    // As on one instance: the old page is served while the new one renders, and that render may
    // itself read the content's cached answer once more while it is fetched again; then the new price.
    expect(seen.slice(-1)).toEqual(['173'])
    expect(seen.slice(0, -1).every((price) => price === '140')).toBe(true)
    expect(seen.length).toBeLessThanOrEqual(3)
    expect(await pixel8Top(INSTANCE_A)).toBe('173')
  } finally {
    restore()
    await publishModel(INSTANCE_B)
    await answersUntil(INSTANCE_A, '140')
  }
})

test('nginx keeps a public page for a second, never a visitor’s own answer; a publish shows through it within seconds', async () => {
  const cacheStatus = async (path: string, headers: Record<string, string> = {}) =>
    (await fetch(`${FRONT}${path}`, { headers })).headers.get('x-micro-cache')
  // Kept once an instance has answered it as public (a render still in flight may answer first).
  await expect.poll(() => cacheStatus('/contact-us'), { timeout: 5000, intervals: [100] }).toBe('HIT')
  expect(await cacheStatus('/contact-us')).toBe('HIT')
  // Pages for one visitor, and the APIs behind the header's basket and name, are never kept.
  for (const path of ['/login', '/profile', '/add-to-cart', '/complete-order', '/api/basket', '/api/account/me']) {
    const statuses = [await cacheStatus(path), await cacheStatus(path)]
    expect([path, statuses]).toEqual([path, ['MISS', 'MISS']])
  }
  // Two visitors with baskets of their own each get their own count, one right after the other.
  const counts: number[] = []
  for (const items of [1, 2]) {
    const shopper = await at(FRONT)
    for (let i = 0; i < items; i++) expect((await visitor(shopper).add(GOOD_IPHONE)).status).toBe(303)
    counts.push((await visitor(shopper).basket()).body.basket!.count)
  }
  expect(counts).toEqual([1, 2])

  // A publish: through nginx, the new price shows within a few seconds (its one second, plus the
  // instance's render behind the stale page).
  expect(await pixel8Top(FRONT)).toBe('140')
  const restore = setPixel8Price(18800)
  try {
    await publishModel(INSTANCE_B)
    const started = Date.now()
    await expect.poll(() => pixel8Top(FRONT), { timeout: 10_000, intervals: [100] }).toBe('188')
    expect(Date.now() - started).toBeLessThan(5000)
  } finally {
    restore()
    await publishModel(INSTANCE_A)
    await expect.poll(() => pixel8Top(FRONT), { timeout: 10_000 }).toBe('140')
  }
})

test('a basket filled on A is seen on B; an order placed on B is tracked on A; a form from B posts to A', async () => {
  const address = testClientAddress()
  const onA = await at(INSTANCE_A)
  const added = await visitor(onA, address).add(GOOD_IPHONE)
  expect(added.status).toBe(303)
  const onB = await at(INSTANCE_B, onA)
  const basket = await visitor(onB, address).basket()
  expect(basket.body.basket!.lines.map((line) => line.pricePence)).toEqual([11400])

  // The checkout form as B serves it, posted to B: the order is placed there.
  const email = uniqueEmail('stack-order')
  const placed = await placeOrder(onB, address, email)
  const reference = /HB-[0-9A-Z]{4}-[0-9A-Z]{4}/.exec(decodeURIComponent(placed.location!))![0]

  // The tracker's form as B serves it, posted to A (the same build, so the same action): A finds the order.
  const tracker = await readPageForm(onB, '/order-tracker', { form: 'lookup' })
  const tracked = await sendPageForm(
    onA,
    '/order-tracker',
    { ...tracker.hidden, reference, lookup: email },
    {
      origin: INSTANCE_A,
    },
  )
  expect(tracked.status, codes(tracked)).toBe(303)
  expect(tracked.location).toMatch(/^\/order-tracker-details\?order=/)
  const details = await onA.get(tracked.location!)
  expect(await details.text()).toContain(reference)
})

test('40 wrong logins spread over both instances meet one limit, as on one instance', async () => {
  // Straight to the instances from 127.0.0.1, which is not nginx: each counts the connection's
  // own address, whatever X-Forwarded-For says.
  const address = testClientAddress()
  // Other tests in this run log in straight to an instance too (the photos' staff), and so from this
  // address: the count starts from a fresh window, as for a client whose last try was long ago (the
  // store keeps buckets hashed, so every limit's hits are cleared).
  const db = new Client({ connectionString: DATABASE })
  await db.connect()
  try {
    await db.query(`delete from rate_limit_hit`)
  } finally {
    await db.end()
  }
  const outcomes: string[] = []
  for (let i = 0; i < 40; i++) {
    const instance = i % 2 ? INSTANCE_B : INSTANCE_A
    const context = await at(instance)
    const form = await readPageForm(context, '/login')
    const answer = await sendPageForm(
      context,
      '/login',
      { ...form.hidden, email: uniqueEmail(`spread${i}`), password: 'not the password at all' },
      { origin: instance, headers: { 'x-forwarded-for': address } },
    )
    outcomes.push(answer.problems.map((problem) => problem.code).join(' ') || String(answer.status))
  }
  expect(outcomes.slice(0, 10)).toEqual(Array(10).fill('wrongCredentials'))
  expect(outcomes.slice(10)).toEqual(Array(30).fill('tooMany'))
})

test('the minute job with both instances running: a price hold that ran out ends once, with one e-mail', async () => {
  test.setTimeout(180_000)
  // An order placed through nginx, whose price hold is then made to have ended a month ago.
  const address = testClientAddress()
  const front = await at(FRONT)
  expect((await visitor(front, address).add(GOOD_IPHONE)).status).toBe(303)
  const email = uniqueEmail('stack-expire')
  await placeOrder(front, address, email)
  const db = new Client({ connectionString: DATABASE })
  await db.connect()
  try {
    const { rows } = await db.query<{ id: string }>(
      `update seller_order set placed_at = now() - interval '60 days', hold_until = now() - interval '1 day' where email = $1 returning id`,
      [email],
    )
    const orderId = rows[0]!.id
    // Both instances tick once a minute (and serve, which they must have done to tick).
    for (const instance of [INSTANCE_A, INSTANCE_B]) expect((await fetch(`${instance}/`)).status).toBe(200)
    const status = async () =>
      (await db.query<{ status: string }>('select status from seller_order where id = $1', [orderId])).rows[0]!.status
    await expect.poll(status, { timeout: 75_000, intervals: [1000] }).toBe('expired')
    // Long enough for the other instance's tick of the same minute to have come and gone.
    await new Promise((resolve) => setTimeout(resolve, 5000))
    const events = await db.query('select action from order_event where order_id = $1 and action = $2', [
      orderId,
      'expire',
    ])
    const mail = await db.query('select kind from email_outbox where order_id = $1 and kind = $2', [orderId, 'expired'])
    expect([events.rowCount, mail.rowCount]).toEqual([1, 1])
  } finally {
    await db.end()
  }
})

test('the stack’s Redis answers only with its password', () => {
  // Another process on the machine, without the password (an environment of PATH alone).
  const bare = { PATH: process.env.PATH, NODE_ENV: process.env.NODE_ENV ?? 'production' } as NodeJS.ProcessEnv
  const ping = spawnSync('redis-cli', ['-p', String(REDIS_PORT), 'ping'], { env: bare })
  expect(ping.stdout.toString().trim()).toBe('NOAUTH Authentication required.')
  expect(redisAnswers()).toBe(true)
})

test('with Redis stopped the site still serves pages and takes orders; restarted, sharing resumes', async () => {
  test.setTimeout(180_000)
  process.kill(stackProcesses().redis!, 'SIGTERM')
  await expect.poll(() => redisAnswers(), { timeout: 10_000 }).toBe(false)
  try {
    for (const path of ['/', '/sell-my-phone/pixel-8', '/contact-us', '/no-such-page']) {
      for (const instance of [INSTANCE_A, INSTANCE_B, FRONT]) {
        const response = await fetch(`${instance}${path}`)
        expect([path, instance, response.status]).toEqual([path, instance, path === '/no-such-page' ? 404 : 200])
      }
    }
    const address = testClientAddress()
    const front = await at(FRONT)
    expect((await visitor(front, address).add(GOOD_IPHONE)).status).toBe(303)
    await placeOrder(front, address, uniqueEmail('no-redis'))
  } finally {
    // Back on the same port with the same password (the stack's own file), empty, as a restarted
    // cache would be.
    spawnSync('redis-server', [path.join(STACK_DIR, 'redis.conf'), '--daemonize', 'yes'])
  }
  await expect.poll(() => redisAnswers(), { timeout: 10_000 }).toBe(true)
  // Redis answering is not the instances using it: each reconnects on its own clock (up to 2 s
  // between tries) and serves from its own memory until then.
  await expect.poll(() => instancesOnRedis(), { timeout: 15_000 }).toBe(2)

  // Sharing resumes: the page is cached again (the restarted Redis is empty), and a publish sent
  // to A reaches B.
  for (const instance of [INSTANCE_A, INSTANCE_B, INSTANCE_B]) expect(await pixel8Top(instance)).toBe('140')
  const restore = setPixel8Price(16100)
  try {
    expect(await pixel8Top(INSTANCE_B)).toBe('140')
    await publishModel(INSTANCE_A)
    // A may still be reconnecting when the publish reaches it (its client waits up to 2 s between
    // tries): it keeps the mark and sends it the moment Redis answers, with no visitor needed.
    expect((await answersUntil(INSTANCE_B, '161', 20)).slice(-1)).toEqual(['161'])
  } finally {
    restore()
    await publishModel(INSTANCE_A)
    spawn('redis-cli', ['-p', String(REDIS_PORT), 'shutdown', 'nosave'], { env: redisCliEnv() })
  }
})

/** How many clients other than redis-cli itself are connected to the stack's Redis: one per instance. */
function instancesOnRedis(): number {
  const list = spawnSync('redis-cli', ['-p', String(REDIS_PORT), 'client', 'list'], { env: redisCliEnv() })
  return (list.stdout?.toString() ?? '')
    .split('\n')
    .filter((line) => line.includes('cmd=') && !line.includes('cmd=client|list')).length
}

function redisAnswers(): boolean {
  return (
    spawnSync('redis-cli', ['-p', String(REDIS_PORT), 'ping'], { env: redisCliEnv() })
      .stdout?.toString()
      .trim() === 'PONG'
  )
}

const codes = (answer: PostedForm) => answer.problems.map((problem) => problem.code).join(' ')

/** Places the order in the visitor's basket through `context`'s instance, as checkout's form without scripts. */
async function placeOrder(context: APIRequestContext, address: string, email: string): Promise<PostedForm> {
  const headers = { 'x-forwarded-for': address }
  const checkout = await readPageForm(context, '/complete-order', { form: 'idempotencyKey', headers })
  const fields = { ...checkout.hidden, ...checkoutFields(email) }
  const placed = await sendPageForm(context, '/complete-order', fields, { origin: checkout.origin, headers })
  expect(placed.status, codes(placed)).toBe(303)
  return placed
}

test('the backup address is not served to the public, and an instance on the shared database sends to pg_dump', async () => {
  // Through nginx: not there at all.
  expect((await fetch(`${FRONT}/api/backup`, { method: 'POST' })).status).toBe(404)
  // On the instance itself, a signed request is still needed; an instance on PostgreSQL never makes a PGlite copy.
  expect((await fetch(`${INSTANCE_A}/api/backup`, { method: 'POST' })).status).toBe(401)
})
