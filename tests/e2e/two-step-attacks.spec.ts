import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import {
  LOCKOUT_STAFF,
  PENDING_STAFF,
  RESET_STAFF,
  RESTART_STAFF,
  STAFF_ACCOUNTS,
  testClientAddress,
} from '../support/e2e-env'
import { readStaffKeys, totp, writeStaffKeys } from '../support/staff-two-factor'
import { logIn, ownAddress } from './account-helpers'
import { postPageForm, readPageForm, sendPageForm, type PostedForm } from './form-post'
import { acceptInvitation, enterCode, staffLogIn, staffPage } from './order-helpers'

// Skipped in beforeAll: a project that skips never opens a page for it.
test.beforeAll(({}, testInfo) =>
  test.skip(testInfo.project.name !== 'desktop', 'staff work at desktop width: run once'),
)
test.beforeEach(async ({ page }) => {
  test.setTimeout(120_000)
  await ownAddress(page)
})

type Account = { email: string; password: string }

/**
 * The owner opens the link in their invitation, chooses the password and is shown the key; they
 * have not typed a code yet: the set-up is pending.
 */
async function ownerStartsSetUp(page: Page, account: Account): Promise<string> {
  return acceptInvitation(page, account)
}

/** Someone else who has the password logs in over HTTP: a session the password alone made. */
async function passwordOnlySession(request: APIRequestContext, account: Account) {
  const login = await postPageForm(
    request,
    '/login?next=%2Fadmin',
    { email: account.email, password: account.password, next: '/admin' },
    { headers: { 'x-forwarded-for': testClientAddress() } },
  )
  expect(login.status).toBe(303)
  expect(await (await request.get('/api/account/me')).json()).toMatchObject({ signedIn: true })
}

const answerOf = (answer: PostedForm) =>
  answer.status === 303 ? `303 ${answer.location}` : answer.problems.map((problem) => problem.code).join(', ')

/** A 6-digit code that is none of the ones the key gives around now. */
function wrongCode(key: string, n: number): string {
  const near = [-30_000, 0, 30_000].map((shift) => totp(key, Date.now() + shift))
  for (let candidate = n * 7919; ; candidate += 1) {
    const code = String(candidate % 1_000_000).padStart(6, '0')
    if (!near.includes(code)) return code
  }
}

test('a password alone cannot finish a pending set-up by posting codes to the sign-in step', async ({
  page,
  playwright,
  baseURL,
}) => {
  const account = PENDING_STAFF
  const key = await ownerStartsSetUp(page, account)

  // The attacker has the password: a password-only session, and the sign-in step's form.
  const attacker = await playwright.request.newContext({ baseURL })
  await passwordOnlySession(attacker, account)
  const stranger = await playwright.request.newContext({ baseURL })
  const form = await readPageForm(stranger, '/two-factor?next=%2Fadmin')
  await stranger.dispose()
  const post = (code: string, address: string) =>
    sendPageForm(
      attacker,
      '/two-factor?next=%2Fadmin',
      { ...form.hidden, code, next: '/admin' },
      { headers: { 'x-forwarded-for': address }, origin: form.origin },
    )

  // Forty wrong codes from five addresses, with the session's cookie, then the right one.
  const addresses = Array.from({ length: 5 }, () => testClientAddress())
  const answers: string[] = []
  for (let i = 0; i < 40; i++) answers.push(answerOf(await post(wrongCode(key, i), addresses[i % 5]!)))
  answers.push(answerOf(await post(totp(key), testClientAddress())))

  // The right code from the attacker's session switched nothing on and opens nothing: the staff
  // pages still send it to the set-up, which shows it nothing...
  for (const path of ['/admin', '/admin/payments', '/admin/payments/new']) {
    const answer = await attacker.get(path, { maxRedirects: 0 })
    expect([answer.status(), answer.headers()['location']]).toEqual([307, '/staff-setup'])
  }
  // ...as no code sent with a session was even weighed: each was refused, in the content's words.
  expect(answers).toEqual(Array(41).fill('signedIn'))

  // The owner finishes in the session they started it in; the attacker's session ends.
  await page.reload()
  await page.getByLabel('Code from your authenticator app', { exact: true }).fill(totp(key))
  await page.getByRole('button', { name: 'Turn on two-step login' }).click()
  await expect(page).toHaveURL(/^[^?]*\/admin$/)
  expect(await (await attacker.get('/api/account/me')).json()).toMatchObject({ signedIn: false })
  await attacker.dispose()
})

test('another session with the password cannot restart the owner’s set-up and replace the key', async ({
  page,
  playwright,
  baseURL,
}) => {
  const account = RESTART_STAFF
  const key = await ownerStartsSetUp(page, account)
  // The "start again" form as the site draws it (its action is the same for everyone).
  await page.reload()
  const restart = await readPageForm(page.request, '/staff-setup', { button: 'Start again with a new key' })

  const attacker = await playwright.request.newContext({ baseURL })
  await passwordOnlySession(attacker, account)
  const answer = await sendPageForm(
    attacker,
    '/staff-setup',
    { ...restart.hidden, password: account.password },
    { headers: { 'x-forwarded-for': testClientAddress() }, origin: restart.origin },
  )
  expect(answer.status).not.toBe(303)
  await attacker.dispose()

  // The key the owner was shown still works: nobody else's app holds the account.
  await page.reload()
  await page.getByLabel('Code from your authenticator app', { exact: true }).fill(totp(key))
  await page.getByRole('button', { name: 'Turn on two-step login' }).click()
  await expect(page).toHaveURL(/^[^?]*\/admin$/)
})

test('strangers with the password are limited per account at the code step, and never lock the owner out', async ({
  page,
  playwright,
  baseURL,
}) => {
  const account = LOCKOUT_STAFF
  // The owner has logged in with both steps from this browser before.
  await staffLogIn(page, account)
  const key = readStaffKeys(account.email)!.key
  await page.context().clearCookies({ name: /session_token/ })

  // Twelve strangers, each from an address and a browser of its own, pass the password and guess a code.
  const answers: string[] = []
  for (let i = 0; i < 12; i++) {
    const stranger = await playwright.request.newContext({ baseURL })
    const address = testClientAddress()
    const login = await postPageForm(
      stranger,
      '/login?next=%2Fadmin',
      { email: account.email, password: account.password, next: '/admin' },
      { headers: { 'x-forwarded-for': address } },
    )
    expect(login.location).toBe('/two-factor?next=%2Fadmin')
    const guess = await postPageForm(
      stranger,
      '/two-factor?next=%2Fadmin',
      { code: wrongCode(key, i), next: '/admin' },
      { headers: { 'x-forwarded-for': address } },
    )
    answers.push(answerOf(guess))
    await stranger.dispose()
  }
  expect(answers).toEqual([...Array(5).fill('codeWrong'), ...Array(7).fill('tooMany')])

  // The owner's own browser is counted on its own: the right code lets them in at once.
  await logIn(page, account.email, account.password, '/login?next=/admin')
  await expect(page).toHaveURL(/\/two-factor/)
  await enterCode(page, totp(key))
  await expect(page).toHaveURL(/^[^?]*\/admin$/)
})

test('a lost authenticator is reset by another manager, with their password: every session ends and the owner sets up again from a new link', async ({
  page,
  browser,
}) => {
  const account = RESET_STAFF
  const manager = STAFF_ACCOUNTS.manager
  // The member of staff at work, signed in with both steps.
  await staffLogIn(page, account)

  // Plain staff have no staff accounts page.
  const plain = await staffPage(browser, 'staff')
  expect((await plain.request.get('/admin/staff', { maxRedirects: 0 })).status()).toBe(404)
  await plain.context().close()

  const boss = await staffPage(browser, 'manager')
  await boss.getByRole('link', { name: 'Staff accounts' }).click()
  await expect(boss.getByRole('heading', { name: 'Staff accounts', level: 1 })).toBeVisible()
  // Their own row offers no reset; posting one for themself is refused in words.
  const own = boss.getByRole('listitem').filter({ has: boss.getByRole('heading', { name: 'Morgan Manager' }) })
  await expect(own.getByRole('button', { name: 'Reset two-step login' })).toHaveCount(0)
  const form = await readPageForm(boss.request, '/admin/staff', { button: 'Reset two-step login' })
  const refused = await sendPageForm(
    boss.request,
    '/admin/staff',
    { ...form.hidden, email: manager.email, reason: 'my own phone', password: manager.password },
    { origin: form.origin },
  )
  expect(refused.problems.map((problem) => problem.code)).toContain('resetOwn')

  const row = boss.getByRole('listitem').filter({ has: boss.getByRole('heading', { name: account.name }) })
  await row.getByLabel('Why', { exact: true }).fill('Lost phone and backup codes')
  await row.getByLabel('Your password', { exact: true }).fill('not the manager password')
  await row.getByRole('button', { name: 'Reset two-step login' }).click()
  await expect(boss.getByText('Your current password is not right').first()).toBeVisible()
  await row.getByLabel('Why', { exact: true }).fill('Lost phone and backup codes')
  await row.getByLabel('Your password', { exact: true }).fill(manager.password)
  await row.getByRole('button', { name: 'Reset two-step login' }).click()
  await expect(boss.getByText(/Two-step login was reset: every session of that account has ended/)).toBeVisible()
  await boss.context().close()

  // The owner's session has ended, and the old password no longer opens anything.
  expect((await page.request.get('/admin', { maxRedirects: 0 })).status()).toBe(404)
  expect(await (await page.request.get('/api/account/me')).json()).toMatchObject({ signedIn: false })
  await logIn(page, account.email, account.password, '/login?next=/admin')
  await expect(page.getByText('The e-mail address or password is not right').first()).toBeVisible()
  await expect(page).toHaveURL(/\/login\?next=(%2F|\/)admin$/)

  // A fresh link to the owner's address: a new password, a new key, in this browser.
  const key = await acceptInvitation(page, account, 1)
  await page.getByLabel('Code from your authenticator app', { exact: true }).fill(totp(key))
  writeStaffKeys(account.email, { key, backupCodes: [] })
  await page.getByRole('button', { name: 'Turn on two-step login' }).click()
  await expect(page).toHaveURL(/^[^?]*\/admin$/)
})
