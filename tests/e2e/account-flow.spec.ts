import { readFile } from 'node:fs/promises'
import { expect, test } from '@playwright/test'
import { violations } from './axe'
import {
  confirmEmail,
  errorSummary,
  linkIn,
  logIn,
  mailCount,
  mailTo,
  newSeller,
  ownAddress,
  passwordField,
  press,
  signUp,
  textbox,
  typeInto,
} from './account-helpers'

test.beforeEach(async ({ page }) => ownAddress(page))

test('a seller signs up, verifies, resets a forgotten password, downloads their data and deletes the account', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000)
  const seller = newSeller('flow')

  // Sign up, first with nothing typed: the summary names each problem and takes the focus.
  await page.goto('/sign-up')
  expect(await violations(page)).toEqual([])
  await press(page, 'Create account')
  await expect(errorSummary(page)).toBeFocused()
  await expect(errorSummary(page).getByRole('link')).toHaveText([
    'Enter your name',
    'Enter your e-mail address',
    'Enter your password',
  ])
  expect(await violations(page)).toEqual([])
  await signUp(page, seller)

  // The verification e-mail's link opens a page where the account's password confirms the
  // address and signs the seller in.
  const verification = await mailTo(seller.email, /^Confirm your e-mail address$/)
  expect(verification.text).toContain('Hello Alex Morgan,')
  await page.goto(linkIn(verification, '/confirm-email?token='))
  expect(await violations(page)).toEqual([])
  await confirmEmail(page, verification, seller.password)
  await expect(page).toHaveURL(/\/profile\?notice=verified$/)
  await expect(page.getByRole('status').filter({ hasText: 'Your e-mail address is confirmed.' })).toBeVisible()
  await expect(page.getByText(seller.email)).toBeVisible()
  await expect(page.getByText('You have no orders yet.')).toBeVisible()
  // On a phone the header's account link is hidden behind the menu: still in the page, and named.
  await expect(
    page.getByRole('banner').getByRole('link', { name: /^My Account:?\s*Alex$/, includeHidden: true }),
  ).toContainText('Alex')
  expect(await violations(page)).toEqual([])

  // Log out, then a wrong password: one plain message, nothing about which part was wrong.
  await press(page, 'Sign out')
  await expect(page).toHaveURL(/\/login\?notice=signedOut$/)
  await expect(page.getByRole('status')).toHaveText('You have signed out.')
  await logIn(page, seller.email, 'not my password at all')
  await expect(errorSummary(page)).toBeFocused()
  await expect(errorSummary(page)).toContainText('The e-mail address or password is not right.')
  expect(await violations(page)).toEqual([])

  // Logged in here and in a second browser.
  await logIn(page, seller.email, seller.password)
  await expect(page).toHaveURL(/\/profile$/)
  const other = await browser.newContext({ baseURL: test.info().project.use.baseURL })
  const otherPage = await other.newPage()
  await ownAddress(otherPage)
  await logIn(otherPage, seller.email, seller.password)
  await expect(otherPage).toHaveURL(/\/profile$/)

  // Forgotten password: the e-mail's link opens the form, and the new password ends every session.
  await page.goto('/forget-password')
  await typeInto(textbox(page, 'E-mail address'), seller.email)
  await press(page, 'Send me a link')
  await expect(page).toHaveURL(/\/password-reset$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check your inbox')
  const reset = await mailTo(seller.email, /^Reset your Handback password$/)
  const resetPath = linkIn(reset, '/set-new-password?token=')
  await page.goto(resetPath)
  expect(await violations(page)).toEqual([])
  const newPassword = 'marble teapot glacier'
  await typeInto(passwordField(page, 'New password'), newPassword)
  await press(page, 'Save new password')
  await expect(page).toHaveURL(/\/password-successfully$/)
  await expect(page.getByRole('link', { name: 'Log in with your new password' })).toBeVisible()
  await mailTo(seller.email, /^Your Handback password has changed$/)

  await otherPage.goto('/profile')
  await expect(otherPage).toHaveURL(/\/login\?next=%2Fprofile$/)
  await other.close()

  // The link worked once; the old password no longer does; the new one does.
  await page.goto(resetPath)
  await typeInto(passwordField(page, 'New password'), 'another three words')
  await press(page, 'Save new password')
  await expect(errorSummary(page)).toContainText('This link has been used or has expired.')
  await logIn(page, seller.email, seller.password)
  await expect(errorSummary(page)).toContainText('The e-mail address or password is not right.')
  await logIn(page, seller.email, newPassword)
  await expect(page).toHaveURL(/\/profile$/)

  // Download my data: a JSON file of what the account holds, with the e-mails sent to it (their
  // one-time links disarmed), and no password hash, no "password" field, no token.
  const downloading = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Download my data' }).focus()
  await page.keyboard.press('Enter')
  const file = await (await downloading).path()
  const data = JSON.parse(await readFile(file, 'utf8'))
  expect(data.account).toMatchObject({ name: seller.name, email: seller.email, emailVerified: true })
  expect(data.sessions.length).toBeGreaterThan(0)
  expect(data.emails.map((mail: { subject: string }) => mail.subject)).toEqual(
    expect.arrayContaining(['Confirm your e-mail address', 'Reset your Handback password']),
  )
  expect(JSON.stringify(data)).not.toMatch(/scrypt|"password"\s*:/i)
  const verifyToken = new URL(linkIn(verification, '/confirm-email?token='), 'http://x').searchParams.get('token')
  expect(JSON.stringify(data)).not.toContain(verifyToken)

  // Delete: refused until confirmed, then done, with the e-mail free for a new account.
  const deletion = page.getByRole('region', { name: 'Delete your account' })
  await typeInto(deletion.getByLabel('Current password'), newPassword)
  await press(page, 'Delete my account')
  await expect(deletion.getByRole('alert')).toContainText('Tick the box to confirm')
  await deletion.getByRole('checkbox', { name: /I understand my account will be deleted/ }).focus()
  await page.keyboard.press('Space')
  await press(page, 'Delete my account')
  await expect(page).toHaveURL(/\/login\?notice=deleted$/)
  await expect(page.getByRole('status')).toHaveText('Your account has been deleted.')
  await mailTo(seller.email, /^Your Handback account has been deleted$/)
  // The e-mails held about the seller went with the account: only the goodbye is left.
  expect(await mailCount(seller.email)).toBe(1)
  await logIn(page, seller.email, newPassword)
  await expect(errorSummary(page)).toContainText('The e-mail address or password is not right.')

  await signUp(page, seller)
  // The first one went with the deleted account: this is the only one there is.
  const fresh = await mailTo(seller.email, /^Confirm your e-mail address$/)
  expect(linkIn(fresh, '/confirm-email?token=')).not.toBe(linkIn(verification, '/confirm-email?token='))
})

test('sign-up and password reset answer the same for a known address, which is e-mailed instead', async ({ page }) => {
  const seller = newSeller('known')
  await signUp(page, seller)
  await signUp(page, { ...seller, name: 'Someone Else', password: 'different words entirely' })
  await mailTo(seller.email, /^You already have a Handback account$/)

  const stranger = newSeller('stranger')
  await page.goto('/forget-password')
  await typeInto(textbox(page, 'E-mail address'), stranger.email)
  await press(page, 'Send me a link')
  await expect(page).toHaveURL(/\/password-reset$/)
})

test('a login returns to the page it was asked from, and never to another site', async ({ page }) => {
  const seller = newSeller('next')
  await signUp(page, seller)

  await logIn(page, seller.email, seller.password, '/login?next=/sell-my-phone/iphone-13')
  // The path, not the end of the address: /login?next=/sell-my-phone/iphone-13 ends the same way.
  await expect(page).toHaveURL((url) => url.pathname === '/sell-my-phone/iphone-13')

  for (const next of ['https://evil.example/', '//evil.example/', '/\\evil.example']) {
    await page.context().clearCookies()
    await logIn(page, seller.email, seller.password, `/login?next=${encodeURIComponent(next)}`)
    await expect(page).toHaveURL(/\/profile$/)
  }
})

test('a signed-in seller sent to the login page with a dot-segment or backslash trick stays on the site', async ({
  page,
  baseURL,
}) => {
  const seller = newSeller('redirect')
  await signUp(page, seller)
  await logIn(page, seller.email, seller.password)
  await expect(page).toHaveURL(/\/profile$/)

  // Each of these is a path until it is normalised, and then `//evil.example`: another site.
  for (const next of ['/.//evil.example', '/..//evil.example', '/%2e//evil.example', '/./\\evil.example']) {
    const response = await page.request.get(`/login?next=${encodeURIComponent(next)}`, { maxRedirects: 0 })
    expect(response.status(), next).toBe(307)
    const target = new URL(response.headers()['location']!, baseURL)
    expect(target.origin, next).toBe(new URL(baseURL!).origin)
    expect(target.pathname, next).not.toMatch(/^\/\//)
  }
})

test('the account page asks visitors to log in, and the login page sends a signed-in seller on', async ({ page }) => {
  await page.goto('/profile')
  await expect(page).toHaveURL(/\/login\?next=%2Fprofile$/)
  const seller = newSeller('guard')
  await signUp(page, seller)
  await logIn(page, seller.email, seller.password, '/login?next=%2Fprofile')
  await expect(page).toHaveURL(/\/profile$/)
  await page.goto('/login')
  await expect(page).toHaveURL(/\/profile$/)
})

test('the header names a signed-in seller while the page itself stays cached and anonymous', async ({
  page,
  request,
}) => {
  test.skip(test.info().project.name === 'mobile', 'on a phone the account link sits in the menu drawer')
  const seller = newSeller('header')
  await signUp(page, seller)
  await logIn(page, seller.email, seller.password)
  await expect(page).toHaveURL(/\/profile$/)
  await page.goto('/')
  const account = page.getByRole('banner').getByRole('link', { name: /^My Account/ })
  await expect(account).toHaveText(/Alex/)
  await expect(account).toHaveAccessibleName(/My Account.*Alex/)

  // The HTML a signed-in seller is sent is the shared, cached page: no name in it.
  const cookies = await page.context().cookies()
  const cookie = cookies.map((c) => `${c.name}=${c.value}`).join('; ')
  await request.get('/')
  const response = await request.get('/', { headers: { cookie } })
  expect(response.headers()['x-nextjs-cache']).toBe('HIT')
  const html = await response.text()
  expect(html).not.toContain(seller.email)
  expect(html).not.toContain('Alex Morgan')
  const me = await request.get('/api/account/me', { headers: { cookie } })
  expect(me.headers()['cache-control']).toContain('no-store')
  expect(await me.json()).toEqual({ signedIn: true, firstName: 'Alex', staff: false })
})
