import { expect, test, type Browser, type Page } from '@playwright/test'
import { uniqueEmail } from '../support/e2e-env'
import { ownAddress } from './account-helpers'
import { readPageForm, sendPageForm } from './form-post'
import { checkoutFields } from '../support/checkout-fields'
import { DECLARATIONS, REFERENCE, staffPage } from './order-helpers'
import { addGoodIphone } from './sell-helpers'

// Confirmation of Payee at checkout, against the payments provider's stand-in (payments-api/,
// started by `npm start`): its bank holds 20-00-00 55779911 as "Mr J Smith" and never matches
// 20-00-00 22222222 (payments-api/known-accounts.ts). The seller is asked, chooses, and staff see
// what the bank said; a choice is taken only for the exact details it was asked about.
test.beforeAll(({}, testInfo) =>
  test.skip(testInfo.project.name !== 'desktop', 'the order lifecycle runs once, at desktop width'),
)
test.beforeEach(async ({ page }) => {
  test.setTimeout(180_000)
  await ownAddress(page)
})

const CLOSE = { holder: 'John Smith', sortCode: '20-00-00', accountNumber: '55779911' }
const NEVER = { holder: 'Jo Seller', sortCode: '20-00-00', accountNumber: '22222222' }

/** Fills checkout with these bank details, as a seller types them. */
async function fillWith(page: Page, email: string, bank: typeof CLOSE) {
  const main = page.getByRole('main')
  const typed = {
    'Full name': 'Jo Seller',
    'E-mail address': email,
    'UK mobile number': '07700 900456',
    'Address line 1': '12 Mill Lane',
    'Town or city': 'Leeds',
    Postcode: 'LS1 4AP',
    'Name on the account': bank.holder,
  }
  for (const [label, value] of Object.entries(typed)) await main.getByLabel(label, { exact: true }).fill(value)
  await typeNumbers(page, bank)
  for (const declaration of DECLARATIONS) await main.getByLabel(declaration, { exact: true }).check()
}

/** The sort code and account number: typed again after a question, as they are never shown back. */
async function typeNumbers(page: Page, bank: typeof CLOSE) {
  const main = page.getByRole('main')
  await main.getByLabel('Sort code', { exact: true }).fill(bank.sortCode)
  await main.getByLabel('Account number', { exact: true }).fill(bank.accountNumber)
}

const placeButton = (page: Page) => page.getByRole('button', { name: 'Place order and get free postage' })

async function placedReference(page: Page) {
  await expect(page).toHaveURL(/\/order-successful\?order=/)
  return (await page.getByText(REFERENCE).first().textContent())!.match(REFERENCE)![0]
}

/** What staff see of the payee on the order's page. */
async function staffSees(browser: Browser, reference: string) {
  const staff = await staffPage(browser)
  await staff.goto(`/admin/orders/${reference}`)
  return staff.getByTestId('payee-check')
}

test('a close match: the seller is shown the name the bank holds, takes it, and staff see it (with scripts)', async ({
  page,
  browser,
}) => {
  await addGoodIphone(page)
  await page.goto('/complete-order')
  await fillWith(page, uniqueEmail('payee-close'), CLOSE)
  await placeButton(page).click()
  const question = page.getByRole('alert').filter({ hasText: 'Mr J Smith' })
  await expect(question).toContainText('Your bank holds this account in the name Mr J Smith')
  await expect(page).toHaveURL(/\/complete-order/)
  // The numbers are never shown back: typed again, then the choice.
  await expect(page.getByLabel('Account number', { exact: true })).toHaveValue('')
  await typeNumbers(page, CLOSE)
  await page.getByLabel('Use the name my bank holds').check()
  await placeButton(page).click()
  const reference = await placedReference(page)

  const shown = await staffSees(browser, reference)
  await expect(shown).toContainText('Close match: the seller took the name the bank holds, Mr J Smith')
  await expect(shown.getByTestId('payee-held')).toHaveCount(0)
})

test('a no match: the seller says the details are right, the order is placed and held for staff (without scripts)', async ({
  page,
  browser,
}) => {
  await addGoodIphone(page)
  const context = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  })
  const seller = await context.newPage()
  await ownAddress(seller)
  await seller.goto('/complete-order')
  await fillWith(seller, uniqueEmail('payee-none'), NEVER)
  await placeButton(seller).click()
  await expect(seller.getByText('Your bank says the name you typed does not match this account')).toBeVisible()
  await typeNumbers(seller, NEVER)
  await seller.getByLabel('These details are right (we check them with you before paying)').check()
  await placeButton(seller).click()
  const reference = await placedReference(seller)

  const shown = await staffSees(browser, reference)
  await expect(shown).toContainText('No match (ANNM): the seller said the details are right')
  await expect(shown.getByTestId('payee-held')).toBeVisible()
})

test('a confirmation is bound to the details it was asked about: posted for another account, or forged, it is asked again', async ({
  page,
}) => {
  await addGoodIphone(page)
  const email = uniqueEmail('payee-forge')
  const form = await readPageForm(page.request, '/complete-order', { button: 'Place order and get free postage' })
  const fields = {
    ...checkoutFields(email),
    accountHolder: NEVER.holder,
    sortCode: '200000',
    accountNumber: '22222222',
  }
  const asked = await sendPageForm(
    page.request,
    '/complete-order',
    { ...form.hidden, ...fields },
    { origin: form.origin },
  )
  expect(asked.problems.map((problem) => problem.code)).toContain('payeeNoMatch')
  const token = asked.html.match(/name="payeeToken" value="([^"]+)"/)?.[1]
  expect(token).toBeTruthy()

  // The token for 22222222 with "sure", posted for the close-match account under another name.
  const other = { ...fields, accountHolder: 'Jane Doe', accountNumber: '55779911' }
  for (const forged of [
    { ...other, payeeToken: token!, payeeChoice: 'sure' },
    { ...fields, payeeToken: `${token!.split('.')[0]}.forged`, payeeChoice: 'sure' },
    { ...fields, payeeChoice: 'sure', payeeConfirmed: 'true' },
  ]) {
    const answer = await sendPageForm(
      page.request,
      '/complete-order',
      { ...form.hidden, ...forged },
      { origin: form.origin },
    )
    expect(answer.status).toBe(200)
    expect(answer.location).toBeNull()
    expect(answer.problems.map((problem) => problem.code)).toContain('payeeNoMatch')
  }
  // The same details with the token and the choice: placed.
  const placed = await sendPageForm(
    page.request,
    '/complete-order',
    { ...form.hidden, ...fields, payeeToken: token!, payeeChoice: 'sure' },
    { origin: form.origin },
  )
  expect(placed.status).toBe(303)
  expect(placed.location).toMatch(/\/order-successful\?order=/)
})
