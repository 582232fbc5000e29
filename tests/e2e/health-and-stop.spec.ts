import { existsSync } from 'node:fs'
import { request as httpRequest, type IncomingMessage } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { spawnSiteCopy, startSiteCopy, type SiteCopy } from '../support/site-copy'

// What a load balancer and an orchestrator ask of an instance: is it alive, may it take requests,
// and does it stop without dropping what it is serving.
test.beforeEach(({}, testInfo) => test.skip(testInfo.project.name !== 'desktop', 'HTTP only: run once'))

const PORT = Number(process.env.E2E_PORT ?? 3100) + 45
const copies: SiteCopy[] = []
test.afterAll(() => copies.forEach((copy) => copy.stop()))

const ownDatabase = () => path.join(tmpdir(), `handback-health-${process.pid}-${Date.now()}`)

test('live and ready answer 200, uncached, on a server whose database answers', async ({ request }) => {
  for (const address of ['/api/health/live', '/api/health/ready']) {
    const response = await request.get(address)
    expect(response.status(), address).toBe(200)
    expect(response.headers()['cache-control']).toBe('no-store')
  }
  expect(await (await request.get('/api/health/ready')).json()).toEqual({
    ready: true,
    stopping: false,
    database: 'up',
  })
})

test('with its database unreachable, an instance is live but not ready (503), and still serves pages', async () => {
  test.setTimeout(120_000)
  const copy = await startSiteCopy({
    port: PORT,
    dist: '.next-health',
    // A PostgreSQL server nobody runs: port 9 (discard) on this machine refuses the connection.
    env: { DATABASE_URL: 'postgres://nobody@127.0.0.1:9/none' },
  })
  copies.push(copy)
  expect((await fetch(`${copy.origin}/api/health/live`)).status).toBe(200)
  const ready = await fetch(`${copy.origin}/api/health/ready`)
  expect(ready.status).toBe(503)
  expect(await ready.json()).toEqual({ ready: false, stopping: false, database: 'down' })
  expect((await fetch(`${copy.origin}/about`)).status).toBe(200)
  copy.stop()
})

test('on a shared database, an instance without the shared keys refuses to start, naming them', async () => {
  test.setTimeout(120_000)
  const copy = spawnSiteCopy({
    port: PORT + 1,
    dist: '.next-keys',
    env: { DATABASE_URL: 'postgres://nobody@127.0.0.1:9/none', BETTER_AUTH_SECRET: '', PAYOUT_ENCRYPTION_KEY: '' },
  })
  copies.push(copy)
  expect(await copy.exited).toBe(1)
  expect(copy.log()).toContain(
    'Not starting: DATABASE_URL names a shared database, so BETTER_AUTH_SECRET and PAYOUT_ENCRYPTION_KEY must be set',
  )
  await expect(fetch(`${copy.origin}/`)).rejects.toThrow()
})

test('on the embedded database, an instance opens it before answering anyone: no visitor waits while it opens', async () => {
  test.setTimeout(120_000)
  // PGlite's first open holds the server's one thread for seconds (a page waited 5 s when the minute
  // job opened it five seconds after start); opened at start, it is there before the first answer.
  const folder = ownDatabase()
  const copy = await startSiteCopy({ port: PORT + 5, dist: '.next-open', env: { PGLITE_DATA_DIR: folder } })
  copies.push(copy)
  expect(
    existsSync(path.join(folder, 'PG_VERSION')),
    'the database folder, made when the first page was answered',
  ).toBe(true)
  copy.stop()
})

test('asked to stop (SIGTERM), an instance answers the request in flight, takes no new one, and exits 0', async () => {
  test.setTimeout(120_000)
  const copy = await startSiteCopy({
    port: PORT + 2,
    dist: '.next-stop',
    env: { PGLITE_DATA_DIR: ownDatabase(), SHUTDOWN_GRACE_SECONDS: '20' },
  })
  copies.push(copy)
  const { hostname, port } = new URL(copy.origin)

  // A request whose body is still arriving when the signal comes: the handler is waiting for it.
  const body = JSON.stringify({ email: 'not an address', consent: true })
  const inFlight = httpRequest({
    host: hostname,
    port,
    method: 'POST',
    path: '/api/newsletter',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), origin: copy.origin },
  })
  const answered = new Promise<IncomingMessage>((resolve, reject) => {
    inFlight.on('response', resolve)
    inFlight.on('error', reject)
  })
  inFlight.write(body.slice(0, 10))
  await new Promise((resolve) => setTimeout(resolve, 500))

  copy.process.kill('SIGTERM')
  await expect.poll(() => copy.log()).toContain('SIGTERM: finishing the requests in flight')
  // New connections are refused from now on.
  await expect(fetch(`${copy.origin}/api/health/live`)).rejects.toThrow()

  inFlight.end(body.slice(10))
  const response = await answered
  let text = ''
  for await (const chunk of response) text += chunk
  // The newsletter's own refusal of a bad address: answered in full, not cut off.
  expect(response.statusCode).toBe(422)
  expect(JSON.parse(text)).toMatchObject({ ok: false })
  expect(response.headers.connection).toBe('close')

  expect(await copy.exited).toBe(0)
  expect(copy.log()).toContain('Stopped: every request in flight was answered.')
})
