import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { startPatchStandIn, type PatchStandIn } from '../support/sanity-patch-stand-in'
import { readSeed } from '../support/seed-copy'

/**
 * `npm run submissions:move` with a Sanity project configured: the old sign-ups and messages at
 * private ids are read with the write token, moved into the (embedded) database and deleted from
 * the dataset. Sanity's API is a local stand-in here (no network); what landed in the database is
 * read back through `npm run newsletter:export` and the script's own account of what it added.
 */
const run = promisify(execFile)
const root = path.resolve(__dirname, '../..')
const TOKEN = 'move-write-token'
const home = mkdtempSync(path.join(tmpdir(), 'submissions-move-'))
const old = [
  {
    _id: 'subscription.s2',
    _type: 'subscription',
    email: 'Sanity.Sub@Example.com',
    consent: true,
    subscribedAt: '2026-08-01T10:00:00.000Z',
  },
  {
    _id: 'contactMessage.s2',
    _type: 'contactMessage',
    name: 'Sam Sender',
    email: 'sam@example.com',
    phone: null,
    message: 'Written when Sanity held the forms',
    receivedAt: '2026-08-02T10:00:00.000Z',
  },
]
let standIn: PatchStandIn

beforeAll(async () => {
  standIn = await startPatchStandIn([...readSeed(), ...old], 'production', TOKEN)
})
afterAll(() => standIn.close())

async function npmRun(env: Record<string, string>, script: string, ...args: string[]) {
  const { stdout } = await run('npm', ['run', '-s', script, '--', ...args], {
    cwd: root,
    env: {
      ...process.env,
      PGLITE_DATA_DIR: path.join(home, 'pglite'),
      SITE_URL: 'https://handback.example',
      BETTER_AUTH_SECRET: 'submissions-move-secret-0123456789abcdef',
      ...env,
    },
  })
  return stdout
}

test('moves the private documents into the database, deletes them from the dataset, and leaves content alone', async () => {
  const sanity = {
    NEXT_PUBLIC_SANITY_PROJECT_ID: 'move123',
    NEXT_PUBLIC_SANITY_DATASET: 'production',
    SANITY_API_HOST: standIn.url,
  }
  // Without the token the private documents cannot even be read.
  await expect(npmRun(sanity, 'submissions:move')).rejects.toThrow(/SANITY_API_WRITE_TOKEN must be set/)

  const said = await npmRun({ ...sanity, SANITY_API_WRITE_TOKEN: TOKEN }, 'submissions:move')
  expect(said).toContain('Found in Sanity dataset "production": 1 newsletter sign-up(s), 1 contact message(s).')
  expect(said).toContain('Moved 1 sign-up(s) and 1 message(s) into the database (0 and 0 were there already).')
  expect(standIn.document('subscription.s2')).toBeUndefined()
  expect(standIn.document('contactMessage.s2')).toBeUndefined()
  expect(standIn.document('siteSettings')).toBeDefined()
  expect(standIn.transactions.at(-1)?.mutations).toEqual([
    { delete: { id: 'subscription.s2' } },
    { delete: { id: 'contactMessage.s2' } },
  ])

  const csv = path.join(home, 'subscribers.csv')
  await npmRun({}, 'newsletter:export', csv)
  expect(readFileSync(csv, 'utf8')).toContain('\r\nsanity.sub@example.com,2026-08-01T10:00:00.000Z,')
}, 120_000)
