import { expect, test } from '@playwright/test'
import jsQR from 'jsqr'
import { PNG } from 'pngjs'
import { LEAKED_STAFF, NEW_STAFF, STAFF_ACCOUNTS, uniqueEmail } from '../support/e2e-env'
import { readStaffKeys, totp, withStaffLock, writeStaffKeys } from '../support/staff-two-factor'
import { violations } from './axe'
import { logIn, ownAddress } from './account-helpers'
import { readPageForm, sendPageForm } from './form-post'
import { acceptInvitation, enterCode, setupLink, staffLogIn, staffPage, orderByPost } from './order-helpers'

// Skipped in beforeAll: a project that skips never opens a page for it.
test.beforeAll(({}, testInfo) =>
  test.skip(testInfo.project.name !== 'desktop', 'staff work at desktop width: run once'),
)
test.beforeEach(async ({ page }) => {
  test.setTimeout(90_000)
  await ownAddress(page)
})

test('a new member of staff sets up two-step login before /admin shows anything, then logs in with a code', async ({
  page,
  browser,
}) => {
  // An order waiting to be received, and the staff form that marks it, as staff who have set up
  // two-step login see it on the order's page.
  const seller = await (await browser.newContext()).newPage()
  await ownAddress(seller)
  const { reference } = await orderByPost(seller, uniqueEmail('half-staff'))
  const staff = await staffPage(browser)
  const orderPage = `/admin/orders/${reference}?action=receive`
  const receive = await readPageForm(staff.request, orderPage, { form: 'expectedStatus' })
  expect(receive.hidden).toMatchObject({ reference, action: 'receive', expectedStatus: 'placed' })

  // The invitation's link, altered, is a clear page that says what to do; it starts nothing.
  const link = await setupLink(NEW_STAFF.email)
  const altered = await page.goto(`${link.slice(0, -3)}${link.endsWith('abc') ? 'xyz' : 'abc'}`)
  expect(altered?.status()).toBe(200)
  await expect(page.getByText('This set-up link has been used, has expired or is not complete.')).toBeVisible()
  await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0)

  // The owner opens the link and chooses the password: this browser is shown the key, once.
  await page.goto(link)
  await page.getByLabel('New password', { exact: true }).fill(NEW_STAFF.password)
  await page.getByRole('button', { name: 'Set up two-step login' }).click()
  const key = (await page.getByTestId('totp-key').textContent())!.replace(/\s/g, '')
  const backupCodes = await page.getByRole('region', { name: 'Backup codes' }).getByRole('listitem').allTextContents()
  expect(backupCodes).toHaveLength(10)
  expect(await violations(page)).toEqual([])

  // The password alone, in another browser, opens only the set-up page, which offers nothing:
  // /admin and the staff actions stay shut.
  const other = await (await browser.newContext()).newPage()
  await ownAddress(other)
  await logIn(other, NEW_STAFF.email, NEW_STAFF.password, '/login?next=/admin')
  await expect(other).toHaveURL(/\/staff-setup$/)
  await expect(other.getByText(/Two-step login is set up from the link in the e-mail we sent you/)).toBeVisible()
  await expect(other.getByTestId('totp-key')).toHaveCount(0)
  await expect(other.getByLabel('Code from your authenticator app', { exact: true })).toHaveCount(0)
  await expect(other.getByLabel('Password', { exact: true })).toHaveCount(0)
  await other.goto('/admin')
  await expect(other).toHaveURL(/\/staff-setup$/)
  const action = await sendPageForm(other.request, orderPage, receive.hidden, { origin: receive.origin })
  expect(action.status).toBe(404)
  // Nothing changed: the order still waits to be received.
  expect((await readPageForm(staff.request, orderPage, { form: 'expectedStatus' })).hidden.expectedStatus).toBe(
    'placed',
  )
  await staff.context().close()
  await seller.context().close()

  await page.getByLabel('Code from your authenticator app', { exact: true }).fill(totp(key))
  await page.getByRole('button', { name: 'Turn on two-step login' }).click()
  await expect(page).toHaveURL(/^[^?]*\/admin$/)
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()
  // Turning it on ended the other browser's session; and the link works once.
  await other.goto('/profile')
  await expect(other).toHaveURL(/\/login\?next=%2Fprofile$/)
  await other.context().close()
  await page.goto(link)
  await expect(page.getByText('This set-up link has been used, has expired or is not complete.')).toBeVisible()

  // Logging in again: the password, then the app's code; a wrong code is refused.
  await page.context().clearCookies()
  await logIn(page, NEW_STAFF.email, NEW_STAFF.password, '/login?next=/admin')
  await expect(page).toHaveURL(/\/two-factor\?next=%2Fadmin$/)
  // Between the two steps there is no session: /admin is not open yet.
  expect((await page.request.get('/admin', { maxRedirects: 0 })).status()).toBe(404)
  expect(await violations(page)).toEqual([])
  await enterCode(page, totp(key, Date.now() - 5 * 60_000))
  await expect(page.getByText('That code is not right or has expired').first()).toBeVisible()
  await enterCode(page, totp(key))
  await expect(page).toHaveURL(/^[^?]*\/admin$/)
  await expect(page.getByText('Signed in as Casey Newcomer (Staff)')).toBeVisible()
})

test('a backup code logs a member of staff in once, and only once', async ({ page }) => {
  const manager = STAFF_ACCOUNTS.manager
  await staffLogIn(page, manager)
  // One backup code of the manager's, taken so no other test uses it.
  const code = await withStaffLock(manager.email, async () => {
    const keys = readStaffKeys(manager.email)!
    const taken = keys.backupCodes.pop()!
    writeStaffKeys(manager.email, keys)
    return taken
  })
  await page.context().clearCookies()
  await logIn(page, manager.email, manager.password, '/login?next=/admin')
  await expect(page).toHaveURL(/\/two-factor/)
  await enterCode(page, code)
  await expect(page).toHaveURL(/^[^?]*\/admin$/)

  await page.context().clearCookies()
  await logIn(page, manager.email, manager.password, '/login?next=/admin')
  await enterCode(page, code)
  await expect(page.getByText('That code is not right or has expired').first()).toBeVisible()
})

test('a password that logged in before set-up gets nothing from it: no key, no /admin, and its session ends', async ({
  page,
  browser,
}) => {
  const account = LEAKED_STAFF
  // The owner opens the invitation's link, chooses the password and is shown the key, its QR code
  // and the link.
  const key = await acceptInvitation(page, account)
  const link = (await page.getByRole('link', { name: /^otpauth:/ }).getAttribute('href'))!
  expect(link).toContain(`secret=${key}`)

  // Someone else who has the password (typed on a shared machine, passed on) logs in meanwhile.
  const other = await (await browser.newContext()).newPage()
  await ownAddress(other)
  await logIn(other, account.email, account.password, '/login?next=/admin')
  // Checking a password is slow on purpose (scrypt): under CI's load it has taken over 5 s.
  await expect(other).toHaveURL(/\/staff-setup$/, { timeout: 20_000 })

  // A phone's camera reads the QR code back to the very same link.
  const qr = page.getByRole('img', {
    name: 'QR code for your authenticator app. It holds the same account as the key and link below.',
  })
  const image = PNG.sync.read(await qr.screenshot())
  expect(jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data).toBe(link)
  await page.screenshot({ path: test.info().outputPath('staff-setup-1280.png'), fullPage: true })
  expect(await violations(page)).toEqual([])
  await page.setViewportSize({ width: 375, height: 812 })
  await page.screenshot({ path: test.info().outputPath('staff-setup-375.png'), fullPage: true })
  expect(await violations(page)).toEqual([])
  await page.setViewportSize({ width: 1280, height: 800 })

  // The other session is shown none of it, and offered no way to start or restart the set-up.
  await other.goto('/staff-setup')
  await expect(other.getByRole('heading', { name: 'Set up two-step login', level: 1 })).toBeVisible()
  await expect(other.getByTestId('totp-key')).toHaveCount(0)
  await expect(other.getByLabel('Password', { exact: true })).toHaveCount(0)
  await expect(other.getByRole('region', { name: 'Backup codes' })).toHaveCount(0)
  expect(await other.content()).not.toContain(key)

  // Shown once: the owner's own reload no longer shows the key, and offers the code or a fresh start.
  await page.reload()
  await expect(page.getByTestId('totp-key')).toHaveCount(0)
  await expect(page.getByText(/The key and backup codes were shown once/)).toBeVisible()
  expect(await page.content()).not.toContain(key)
  await page.getByLabel('Code from your authenticator app', { exact: true }).fill(totp(key))
  await page.getByRole('button', { name: 'Turn on two-step login' }).click()
  await expect(page).toHaveURL(/^[^?]*\/admin$/)

  // The session that only ever gave the password stays out of /admin, and has been ended.
  expect((await other.request.get('/admin', { maxRedirects: 0 })).status()).toBe(404)
  await other.goto('/profile')
  await expect(other).toHaveURL(/\/login\?next=%2Fprofile$/)
  await other.context().close()
  // The owner's session, made by the set-up's code, carries on.
  await page.goto('/admin')
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()
})
