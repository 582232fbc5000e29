import { execFile } from 'node:child_process'
import { createHmac, randomBytes } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { PGlite } from '@electric-sql/pglite'
import { expect, test } from '@playwright/test'
import { PGLITE_DATA_DIR, SERVER_SECRETS, uniqueEmail } from '../support/e2e-env'
import { addGoodIphone } from './sell-helpers'
import { placeOrder } from './order-helpers'

// `npm run db:backup` while the site runs on its embedded database: the site makes the copy, for a
// request signed with its secret, and the copy restores with the order just placed in it.
test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'HTTP and scripts: run once')
  test.skip(
    Boolean(process.env.E2E_DATABASE_URL),
    'a server database is copied by pg_dump (tests/unit/db/backup.test.ts)',
  )
})

const run = promisify(execFile)
const ORIGIN = `http://127.0.0.1:${process.env.E2E_PORT ?? 3100}`
// The scripts see what the site sees: its folder and its secrets.
const siteEnv = { ...process.env, ...SERVER_SECRETS, DATABASE_URL: '', PGLITE_DATA_DIR }

const npm = (args: string[], env: NodeJS.ProcessEnv = siteEnv) => run('npm', ['run', '-s', ...args], { env })

/** A request signed by the site's own signer, as db:backup signs it. */
async function signed(secret = SERVER_SECRETS.BETTER_AUTH_SECRET): Promise<string> {
  const { stdout } = await run(
    'npx',
    [
      'tsx',
      '--conditions=react-server',
      '-e',
      "import('@/db/backup-request').then((m) => console.log(m.signBackupRequest()))",
    ],
    { env: { ...siteEnv, BETTER_AUTH_SECRET: secret } },
  )
  return stdout.trim()
}

const backup = (authorization?: string) =>
  fetch(`${ORIGIN}/api/backup`, { method: 'POST', headers: authorization ? { authorization } : {} })

test('a copy of the running site restores with the order placed just before it', async ({ page }) => {
  test.setTimeout(180_000)
  await addGoodIphone(page)
  const { reference } = await placeOrder(page, uniqueEmail('backup'))

  const home = mkdtempSync(path.join(tmpdir(), 'backup-e2e-'))
  const dir = path.join(home, 'copy')
  const made = await npm(['db:backup', '--', dir, '--server', ORIGIN])
  expect(made.stdout).toContain(`asking it at ${ORIGIN}`)
  expect(made.stdout).toMatch(/Backed up the embedded database to .*: \d+ tables, \d+ rows/)
  expect(made.stdout).toContain('No keys are in it')

  const restoredDir = path.join(home, 'restored')
  const restored = await npm(['db:restore', '--', dir], { ...siteEnv, PGLITE_DATA_DIR: restoredDir })
  expect(restored.stdout).toContain("every table's rows match the backup")

  const copy = await PGlite.create(restoredDir)
  try {
    const { rows } = await copy.query<{ reference: string }>(
      'select reference from seller_order where reference = $1',
      [reference],
    )
    expect(rows).toEqual([{ reference }])
  } finally {
    await copy.close()
  }
  // The site kept serving throughout.
  expect((await fetch(`${ORIGIN}/api/health/ready`)).status).toBe(200)
})

test('nobody without the site’s secret gets a copy: no proof, a forged one, an old one or a replayed one', async () => {
  test.setTimeout(120_000)
  const refused = async (authorization: string | undefined, words: RegExp) => {
    const response = await backup(authorization)
    expect(response.status).toBe(401)
    expect(response.headers.get('content-type')).toContain('application/json')
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect((await response.json()).error).toMatch(words)
  }
  await refused(undefined, /needs the site’s secret/)
  await refused('Bearer anything', /not signed with this site’s secret/)
  await refused(await signed('an-attacker-guess-of-the-secret-that-is-long'), /not signed with this site’s secret/)

  // A request made more than a minute ago, signed with the right secret: as one copied from a log.
  const stamp = `${Date.now() - 5 * 60_000}.${randomBytes(16).toString('base64url')}`
  const key = createHmac('sha256', SERVER_SECRETS.BETTER_AUTH_SECRET)
    .update('handback database backup request')
    .digest()
  await refused(
    `Backup ${stamp}.${createHmac('sha256', key).update(stamp).digest('base64url')}`,
    /more than a minute old/,
  )

  const good = await signed()
  const first = await backup(good)
  expect(first.status).toBe(200)
  expect(first.headers.get('content-type')).toBe('application/gzip')
  expect(first.headers.get('cache-control')).toBe('no-store')
  expect((await first.arrayBuffer()).byteLength).toBeGreaterThan(100_000)
  await refused(good, /answered once already/)

  expect((await fetch(`${ORIGIN}/api/backup`)).status).toBe(405)
})
