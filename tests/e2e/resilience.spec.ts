import { spawn, type ChildProcess } from 'node:child_process'
import { openSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { encodeSignatureHeader } from '@sanity/webhook'
import { startSanityStandIn, type StandIn } from '../support/sanity-stand-in'
import { readSeed } from '../support/seed-copy'
import { ownData } from '../support/site-copy'

// A site built against a Sanity project (a local stand-in of its API) keeps serving its pages,
// stale but whole, once that project cannot be reached, even after a webhook asks for fresh ones.
// Serial: its one test and the build and server made for it in beforeAll share one worker.
test.describe.configure({ mode: 'serial' })
// In beforeAll, declared before the set-up: a project that skips never builds or starts the server.
test.beforeAll(({}, testInfo) => test.skip(testInfo.project.name !== 'desktop', 'one build is enough'))

const PORT = 3950
const SECRET = 'resilience-test-secret'
const BASE = `http://127.0.0.1:${PORT}`
let standIn: StandIn
let server: ChildProcess | undefined
let data: ReturnType<typeof ownData> | undefined

test.beforeAll(async () => {
  test.setTimeout(600_000)
  standIn = await startSanityStandIn(readSeed(), 'resilience1', 'production')
  // Its database and outbox, not the working copy's `.data`.
  data = ownData('handback-resilience-')
  const env = {
    ...process.env,
    NEXT_PUBLIC_SANITY_PROJECT_ID: 'resilience1',
    NEXT_PUBLIC_SANITY_DATASET: 'production',
    SANITY_API_HOST: standIn.url,
    SANITY_REVALIDATE_SECRET: SECRET,
    NEXT_DIST_DIR: '.next-resilience',
    NEXT_TELEMETRY_DISABLED: '1',
    ...data.env,
  }
  // Asynchronously: the stand-in answers the build's queries from this very process.
  const build = spawn('npx', ['next', 'build', 'web'], { env, stdio: ['ignore', 'ignore', 'pipe'] })
  let stderr = ''
  build.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const status = await new Promise<number | null>((resolve) => build.on('exit', resolve))
  expect(status, stderr).toBe(0)
  // Its log is kept, so a failure here can be read after the run.
  const log = openSync(path.join(tmpdir(), `handback-resilience-${PORT}.log`), 'w')
  server = spawn('npx', ['next', 'start', 'web', '--port', String(PORT), '--hostname', '127.0.0.1'], {
    env,
    stdio: ['ignore', log, log],
    detached: true,
  })
  await expect(async () => expect((await fetch(`${BASE}/`)).status).toBe(200)).toPass({ timeout: 60_000 })
})

test.afterAll(async () => {
  if (server?.pid) process.kill(-server.pid, 'SIGTERM')
  await standIn?.close()
  data?.remove()
})

const heading = (html: string) => /<h1[^>]*>([^<]+)<\/h1>/.exec(html)?.[1]

test('pages built from Sanity keep being served after Sanity becomes unreachable', async ({ request }) => {
  const paths = ['/', '/about/faqs', '/contact-us', '/sell-my-phone']
  const before = new Map<string, string>()
  for (const path of paths) {
    const response = await request.get(`${BASE}${path}`)
    expect(response.status()).toBe(200)
    before.set(path, await response.text())
  }
  expect(before.get('/sell-my-phone')).toContain('iPhone 17 Pro')
  expect(before.get('/')).toContain('https://cdn.sanity.io/images/resilience1/production/')

  await standIn.close()

  const body = JSON.stringify({ _type: 'page', _id: 'page-about-faqs' })
  const signature = await encodeSignatureHeader(body, Date.now(), SECRET)
  const webhook = await request.post(`${BASE}/api/revalidate`, {
    headers: { 'content-type': 'application/json', 'sanity-webhook-signature': signature },
    data: Buffer.from(body),
  })
  expect(webhook.status()).toBe(200)

  // A fresh connection for each request: the server closes idle keep-alive sockets, and a request
  // sent on one just as it closes is reset (ECONNRESET) whatever the page would have answered.
  for (let round = 0; round < 3; round++) {
    for (const path of paths) {
      const response = await request.get(`${BASE}${path}`, { headers: { connection: 'close' } })
      expect(response.status(), `${path}, round ${round}`).toBe(200)
      const html = await response.text()
      expect(heading(html), path).toBe(heading(before.get(path)!))
      expect(html).toContain('020 7946 0123')
    }
    await new Promise((resolve) => setTimeout(resolve, 1000))
  }
})
