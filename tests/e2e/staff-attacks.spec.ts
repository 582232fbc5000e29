import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { request as requests, expect, test } from '@playwright/test'
import { ownData, startSiteCopy, stopAndWait, type SiteCopy } from '../support/site-copy'
import { postPageForm } from './form-post'

test.beforeEach(({}, testInfo) => test.skip(testInfo.project.name !== 'desktop', 'a server of its own: run once'))

const run = promisify(execFile)
const PORT = Number(process.env.E2E_PORT ?? 3100) + 41
const ADDRESS = 'sam.future-manager@e2e.example.com'
const STRANGER_PASSWORD = 'velvet harbour thistle'
const OPERATOR_PASSWORD = 'granite meadow lantern'

// PGlite serves one process, so this test has a database of its own and stops its server while the
// operator runs the command, as docs/operators.md ("Staff accounts") says to.
const { env, remove } = ownData('staff-attack-')
let site: SiteCopy | undefined

test.afterAll(() => {
  site?.stop()
  remove()
})

test('a stranger who signed up first with a future staff address does not become staff', async () => {
  test.setTimeout(180_000)
  site = await startSiteCopy({ port: PORT, dist: '.next-staff-attack', env })
  // The stranger signs up with the address the operator will later make a manager.
  const before = await requests.newContext({ baseURL: site.origin })
  const signUp = await postPageForm(before, '/sign-up', {
    name: 'Sam Smith',
    email: ADDRESS,
    password: STRANGER_PASSWORD,
  })
  await before.dispose()
  expect([signUp.status, signUp.location]).toEqual([303, '/sign-up?sent=1'])
  await stopAndWait(site)
  site = undefined

  // The operator runs the real command with the password they chose.
  const command = run('npm', ['run', 'staff:create', '--', '--email', ADDRESS, '--role', 'manager'], {
    env: { ...process.env, ...env, STAFF_PASSWORD: OPERATOR_PASSWORD },
  })
  await expect(command).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('is not verified') })

  site = await startSiteCopy({ port: PORT, dist: '.next-staff-attack', env })
  const stranger = await requests.newContext({ baseURL: site.origin })
  try {
    const login = await postPageForm(stranger, '/login', { email: ADDRESS, password: STRANGER_PASSWORD })
    expect([login.status, login.location]).toEqual([303, '/profile'])
    // Signed in as an ordinary seller (no second step asked for): /admin is not there for them.
    expect(await (await stranger.get('/api/account/me')).json()).toMatchObject({ signedIn: true, staff: false })
    const admin = await stranger.get('/admin', { maxRedirects: 0 })
    expect(admin.status()).toBe(404)
  } finally {
    await stranger.dispose()
  }
})
