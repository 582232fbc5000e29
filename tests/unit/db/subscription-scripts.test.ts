import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { contactMessage, subscription } from '@/db/schema'
import { createTestDatabase, type TestDatabase } from '../../support/test-database'

const run = promisify(execFile)
const root = path.resolve(__dirname, '../../..')
const home = mkdtempSync(path.join(tmpdir(), 'subscription-scripts-'))
const oldStore = path.join(home, 'submissions.ndjson')
let database: TestDatabase

beforeAll(async () => {
  database = await createTestDatabase()
}, 60_000)
afterAll(() => database.destroy())

/** Runs `npm run <script>` on this file's database (closed meanwhile: PGlite serves one process). */
async function npmRun(script: string, ...args: string[]) {
  const target =
    'url' in database.options ? { DATABASE_URL: database.options.url } : { PGLITE_DATA_DIR: database.options.dataDir }
  const { stdout } = await run('npm', ['run', '-s', script, '--', ...args], {
    cwd: root,
    env: {
      ...process.env,
      ...target,
      FORM_STORE_PATH: oldStore,
      SITE_URL: 'https://handback.example',
      BETTER_AUTH_SECRET: 'subscription-scripts-secret-0123456789abcdef',
      PAYOUT_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
    },
  })
  return stdout
}

async function rows() {
  const { db, close } = await database.open()
  try {
    return { subscriptions: await db.select().from(subscription), messages: await db.select().from(contactMessage) }
  } finally {
    await close()
  }
}

const OLD = [
  {
    _id: 'subscription.a1',
    _type: 'subscription',
    email: 'Kim.Old@Example.com',
    consent: true,
    subscribedAt: '2026-09-01T08:00:00.000Z',
  },
  {
    _id: 'contactMessage.m1',
    _type: 'contactMessage',
    name: 'Lee Writer',
    email: 'lee@example.com',
    phone: '020 7946 0123',
    message: 'Do you buy broken tablets?',
    receivedAt: '2026-09-02T09:30:00.000Z',
  },
]

test('submissions:move moves the old file into the database, says what it moved, and adds nothing twice', async () => {
  const text = OLD.map((doc) => JSON.stringify(doc)).join('\n') + '\n'
  writeFileSync(oldStore, text)
  expect(await npmRun('submissions:move', '--dry-run')).toContain('1 newsletter sign-up(s), 1 contact message(s)')
  expect(existsSync(oldStore)).toBe(true)
  expect(await rows()).toEqual({ subscriptions: [], messages: [] })

  const said = await npmRun('submissions:move')
  expect(said).toContain('Moved 1 sign-up(s) and 1 message(s) into the database')
  expect(said).toContain(`Deleted the 2 old submission(s) from ${oldStore}`)
  expect(existsSync(oldStore)).toBe(false)
  const moved = await rows()
  expect(moved.subscriptions).toEqual([
    expect.objectContaining({
      topic: 'newsletter',
      email: 'kim.old@example.com',
      confirmedAt: new Date('2026-09-01T08:00:00.000Z'),
    }),
  ])
  expect(moved.messages).toEqual([
    expect.objectContaining({ name: 'Lee Writer', status: 'new', receivedAt: new Date('2026-09-02T09:30:00.000Z') }),
  ])

  // The same file found again (restored from a backup, say): nothing is added twice.
  writeFileSync(oldStore, text)
  expect(await npmRun('submissions:move')).toContain('Moved 0 sign-up(s) and 0 message(s)')
  const again = await rows()
  expect([again.subscriptions.length, again.messages.length]).toEqual([1, 1])
}, 120_000)

test('newsletter:export writes confirmed subscribers only, each with its unsubscribe links, readable by its owner only', async () => {
  const { db, close } = await database.open()
  try {
    await db.insert(subscription).values([
      { topic: 'newsletter', email: 'confirmed@example.com', confirmedAt: new Date('2026-10-01T00:00:00Z') },
      { topic: 'newsletter', email: 'pending@example.com', confirmTokenHash: 'f'.repeat(64) },
      { topic: 'price-alert', modelId: 'model-pixel-8', email: 'alert@example.com', confirmedAt: new Date() },
      { topic: 'newsletter', email: '=cmd|calc@example.com', confirmedAt: new Date('2026-10-02T00:00:00Z') },
    ])
  } finally {
    await close()
  }
  const file = path.join(home, 'subscribers.csv')
  expect(await npmRun('newsletter:export', file)).toContain('Wrote 3 confirmed subscriber(s)')
  const lines = readFileSync(file, 'utf8').trimEnd().split('\r\n')
  expect(lines[0]).toBe('email,confirmed_at,unsubscribe_url,list_unsubscribe_url')
  const emails = lines.slice(1).map((line) => line.split(',')[0])
  expect(emails).toEqual(['kim.old@example.com', 'confirmed@example.com', "'=cmd|calc@example.com"])
  expect(lines.join('\n')).not.toMatch(/pending@|alert@/)
  expect(lines[2]).toMatch(
    /,https:\/\/handback\.example\/unsubscribe\?s=[0-9a-f-]{36}&t=[\w-]+,https:\/\/handback\.example\/api\/unsubscribe\?s=/,
  )
  expect(statSync(file).mode & 0o777).toBe(0o600)
}, 120_000)
