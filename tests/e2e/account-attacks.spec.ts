import { expect, test, type APIRequestContext } from '@playwright/test'
import { testClientAddress, uniqueEmail } from '../support/e2e-env'
import { confirmEmail, logIn, mailTo, newSeller, ownAddress, signUp } from './account-helpers'
import { postPageForm, type PostedForm } from './form-post'
import { placeOrder } from './order-helpers'
import { addGoodIphone } from './sell-helpers'

// Skipped in beforeAll: a project that skips never opens a page for it.
test.beforeAll(({}, testInfo) =>
  test.skip(testInfo.project.name !== 'desktop', 'two people and their browsers: run once'),
)
test.beforeEach(async ({ page }) => {
  test.setTimeout(90_000)
  await ownAddress(page)
})

const STRANGER_PASSWORD = 'velvet harbour thistle'

test('a stranger who signs up with a seller’s address gains nothing when the seller opens the verification link', async ({
  page,
  browser,
  request,
}) => {
  // The seller sold a phone as a guest.
  const victim = uniqueEmail('victim')
  await addGoodIphone(page)
  const { reference } = await placeOrder(page, victim)

  // A stranger signs up with the seller's address and a password of their own.
  const signUp = await postPageForm(
    request,
    '/sign-up',
    { name: 'Not The Seller', email: victim, password: STRANGER_PASSWORD },
    { headers: { 'x-forwarded-for': testClientAddress() } },
  )
  expect([signUp.status, signUp.location]).toEqual([303, '/sign-up?sent=1'])

  // The seller (or their mail scanner) opens the unexpected link, new or in the old form.
  const verification = await mailTo(victim, /^Confirm your e-mail address$/)
  const token = verification.text.match(/token=([\w.-]+)/)![1]!
  await page.goto(`/api/account/verify?token=${token}`)
  await page.goto(`/confirm-email?token=${token}`)
  // Opening it signed nobody in: the account page asks to log in.
  await page.goto('/profile')
  await expect(page).toHaveURL(/\/login\?next=%2Fprofile$/)

  // The stranger logs in: the account is not verified and shows none of the seller’s orders.
  const stranger = await (await browser.newContext()).newPage()
  await ownAddress(stranger)
  await logIn(stranger, victim, STRANGER_PASSWORD)
  await expect(stranger).toHaveURL(/\/profile$/)
  await expect(stranger.getByText('Your orders appear here once your e-mail address is confirmed.')).toBeVisible()
  await expect(stranger.getByText(reference)).toHaveCount(0)

  // The seller cannot confirm it with a password they never chose, and is told how to go on.
  await confirmEmail(page, verification, 'cobalt pillow harvest')
  await expect(page.getByText(/That is not the password of the account with this address/).first()).toBeVisible()
  await stranger.reload()
  await expect(stranger.getByText(reference)).toHaveCount(0)
})

test('the verification page confirms nothing for a forged or missing token', async ({ page }) => {
  await page.goto('/confirm-email')
  await expect(page.getByText('This link has been used or has expired. Ask for a new one')).toBeVisible()
  await page.goto('/confirm-email?token=eyJhbGciOiJIUzI1NiJ9.eyJlbWFpbCI6ImFAZXhhbXBsZS5jb20ifQ.Zm9v')
  await page.getByLabel('Password', { exact: true }).fill(STRANGER_PASSWORD)
  await page.getByRole('button', { name: 'Confirm my e-mail address' }).click()
  await expect(page.getByText('This link has been used or has expired. Ask for a new one').first()).toBeVisible()
})

/** Ten wrong passwords for one account, each from a stranger at an address of its own. */
async function strangersGuess(request: APIRequestContext, path: string, fields: Record<string, string>) {
  const answers: string[] = []
  for (let i = 0; i < 10; i++) {
    const guess = await postPageForm(request, path, fields, { headers: { 'x-forwarded-for': testClientAddress() } })
    answers.push(answerCode(guess))
  }
  return answers
}

const answerCode = (answer: PostedForm) =>
  answer.status === 303 ? `303 ${answer.location}` : answer.problems.map((problem) => problem.code).join(', ')

test('ten wrong passwords from strangers at other addresses leave the owner’s own browser able to log in', async ({
  page,
  playwright,
  baseURL,
}) => {
  const owner = newSeller('device-owner')
  await signUp(page, owner)
  await logIn(page, owner.email, owner.password)
  await expect(page).toHaveURL(/\/profile$/)
  // The owner signs out; the browser keeps what it was given at login.
  await page.context().clearCookies({ name: /session_token/ })

  // Strangers guess, each from a new address and with no cookies: they are slowed down...
  const strangers = await playwright.request.newContext({ baseURL })
  const guesses = await strangersGuess(strangers, '/login', { email: owner.email, password: 'not the password at all' })
  expect(guesses).toEqual(Array(10).fill('wrongCredentials'))
  const stranger = await postPageForm(
    strangers,
    '/login',
    { email: owner.email, password: owner.password },
    { headers: { 'x-forwarded-for': testClientAddress() } },
  )
  // ...so that even the right password, from a browser the account has never logged in from, waits.
  expect(answerCode(stranger)).toBe('tooMany')
  await strangers.dispose()

  // The owner's browser is not a stranger: it logs in at once.
  await logIn(page, owner.email, owner.password)
  await expect(page).toHaveURL(/\/profile$/)
})

test('the e-mail confirmation link is no way round the login limit', async ({ page, playwright, baseURL }) => {
  // Whoever holds a seller's confirmation link (a forwarded e-mail, a shared inbox) guesses the password.
  const seller = newSeller('link-guessed')
  await signUp(page, seller)
  const verification = await mailTo(seller.email, /^Confirm your e-mail address$/)
  const token = verification.text.match(/token=([\w.-]+)/)![1]!
  const holder = await playwright.request.newContext({ baseURL })
  const path = `/confirm-email?token=${token}`
  const guesses = await strangersGuess(holder, path, { token, password: 'not the password at all' })
  expect(guesses).toEqual(Array(10).fill('confirmPasswordWrong'))
  // The right password now waits like a login would: the link signs nobody in.
  const right = await postPageForm(
    holder,
    path,
    { token, password: seller.password },
    { headers: { 'x-forwarded-for': testClientAddress() } },
  )
  expect(answerCode(right)).toBe('tooMany')
  await holder.dispose()
  // And a login form counts those guesses too: strangers wait there as well.
  await logIn(page, seller.email, seller.password)
  await expect(page.getByText(/^Too many attempts\. Wait \d+ seconds/).first()).toBeVisible()
})
