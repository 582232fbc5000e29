import { PGlite } from '@electric-sql/pglite'
import { expect, test, type Browser, type Page } from '@playwright/test'
import { calendarOf, cutoffOn, londonDay, nextWorkingDay } from '@/orders/record/working-days'
import { SHIPPED_BANK_HOLIDAYS } from '@rules/bank-holidays'
import { uniqueEmail } from '../support/e2e-env'
import { ownData, startSiteCopy, stopAndWait, type SiteCopy } from '../support/site-copy'
import { linkIn, mailTo, ownAddress } from './account-helpers'
import { DECLARATIONS, fillCheckout, REFERENCE, orderByPost } from './order-helpers'
import { addGoodIphone, choose, GOOD_CHOICES, IPHONE_13, quoteForm } from './sell-helpers'

// The payout job as sellers meet it, on a server of its own whose job's clock is set past a working
// day's cut-off (PAYOUT_CLOCK), with the payments provider's and PayPal's stand-ins it starts. The
// orders are placed through the site; staff's check is written into the database while the server
// is stopped (the check has its own tests), as the retention test moves its clock. Then the job
// pays: by Faster Payments, to PayPal, a payment the bank refuses asks the seller to correct their
// details and is paid after they do, a payee the bank did not match waits for staff, and an order
// ready after the cut-off or on a bank holiday is paid at the next working day's.

test.beforeAll(({}, testInfo) => test.skip(testInfo.project.name !== 'desktop', 'a server of its own: run once'))

const PORT = Number(process.env.E2E_PORT ?? 3100) + 57
const { env, remove } = ownData('payouts-')
let site: SiteCopy | undefined

test.afterAll(() => {
  site?.stop()
  remove()
})

/** A site copy with its own stand-ins, its payout job on (at `clock`) or off. */
async function start(clock: Date | null): Promise<SiteCopy> {
  site = await startSiteCopy({
    port: PORT,
    dist: '.next-payouts',
    env: {
      ...env,
      REGISTER_URL: '',
      PAYMENTS_URL: '',
      PAYMENTS_ROUTE: '',
      PAYPAL_URL: '',
      REGISTER_STANDIN_PORT: String(PORT + 1100),
      PAYMENTS_STANDIN_PORT: String(PORT + 1101),
      PAYPAL_STANDIN_PORT: String(PORT + 1102),
      CARRIER_URL: '',
      CARRIER_STANDIN_PORT: String(PORT + 1103),
      SMS_URL: '',
      SMS_STANDIN_PORT: String(PORT + 1104),
      PAYOUT_JOB: clock ? 'on' : 'off',
      PAYOUT_CLOCK: clock ? clock.toISOString().replace(/\.\d+Z$/, 'Z') : '',
    },
  })
  return site
}

async function pageOn(browser: Browser, scripts = true, from?: Page): Promise<Page> {
  const storageState = from ? await from.context().storageState() : undefined
  const page = await (
    await browser.newContext({ baseURL: site!.origin, javaScriptEnabled: scripts, storageState })
  ).newPage()
  await ownAddress(page)
  return page
}

const mail = (to: string, subject: RegExp, timeout = 90_000) => mailTo(to, subject, 0, timeout, env.MAIL_OUTBOX_DIR)

async function checkout(page: Page, email: string, bank?: { holder: string; sortCode: string; account: string }) {
  await page.goto('/complete-order')
  await fillCheckout(page, email)
  const main = page.getByRole('main')
  if (bank) {
    await main.getByLabel('Name on the account', { exact: true }).fill(bank.holder)
    await main.getByLabel('Sort code', { exact: true }).fill(bank.sortCode)
    await main.getByLabel('Account number', { exact: true }).fill(bank.account)
  }
  await page.getByRole('button', { name: 'Place order and get free postage' }).click()
}

/** A first device added on a server just started, given the time its first server action takes on a busy machine. */
async function warmUp(browser: Browser) {
  const page = await pageOn(browser)
  await page.goto(IPHONE_13.path)
  await choose(page, GOOD_CHOICES)
  await quoteForm(page).getByRole('button', { name: 'Add to basket' }).click()
  await expect(quoteForm(page).getByRole('status')).toHaveText(/is in your basket/, { timeout: 60_000 })
  await page.context().close()
}

const placed = async (page: Page) => {
  await expect(page).toHaveURL(/\/order-successful\?order=/)
  return (await page.getByText(REFERENCE).first().textContent())!.match(REFERENCE)![0]
}

/** The days of the payments made for an order, as the job recorded them (the server stopped). */
async function paymentDays(reference: string): Promise<string[]> {
  const db = new PGlite(env.PGLITE_DATA_DIR)
  const { rows } = await db.query<{ day: string }>(
    `select day from payment where order_id = (select id from seller_order where reference = $1) order by attempt`,
    [reference],
  )
  await db.close()
  return rows.map((row) => row.day)
}

/** Staff's check, as it leaves each order: checked at `at`, every device passed by the register. */
async function checked(references: string[], at: Date) {
  const db = new PGlite(env.PGLITE_DATA_DIR)
  await db.query(`update seller_order set status = 'checked', status_since = $2 where reference = any($1)`, [
    references,
    at,
  ])
  await db.query(
    `update order_item set register_result = 'pass', register_certificate = 'CERT-' || left(id::text, 8),
       register_checked_at = now() - interval '1 minute'
     where order_id in (select id from seller_order where reference = any($1))`,
    [references],
  )
  await db.close()
}

test('paid by the job at the cut-off: by Faster Payments, to PayPal, again after a refusal once the seller corrects it, never to an unmatched payee, the next working day after the cut-off or a bank holiday', async ({
  browser,
}) => {
  test.setTimeout(900_000)
  await start(null)
  await warmUp(browser)
  const bank = { email: uniqueEmail('paid-bank'), reference: '' }
  const paypal = { email: uniqueEmail('paid-paypal'), reference: '' }
  const refused = { email: uniqueEmail('paid-refused'), reference: '' }
  const unmatched = { email: uniqueEmail('paid-unmatched'), reference: '' }
  const late = { email: uniqueEmail('paid-late'), reference: '' }
  const holiday = { email: uniqueEmail('paid-holiday'), reference: '' }

  // A bank transfer, with scripts.
  let page = await pageOn(browser)
  await addGoodIphone(page)
  await checkout(page, bank.email)
  bank.reference = await placed(page)

  // PayPal, without scripts.
  page = await pageOn(browser)
  await addGoodIphone(page)
  const noScripts = await pageOn(browser, false, page)
  await noScripts.goto('/complete-order')
  await noScripts.getByRole('main').getByRole('radio', { name: 'PayPal' }).check()
  await fillCheckout(noScripts, paypal.email, ['Name on the account', 'Sort code', 'Account number'])
  await noScripts.getByLabel('E-mail address of your PayPal account').fill('Pat.Paid@Example.com')
  await noScripts.getByRole('button', { name: 'Place order and get free postage' }).click()
  paypal.reference = await placed(noScripts)

  // An account whose payments the bank refuses (payments-api/known-accounts.ts: AC04, closed).
  page = await pageOn(browser)
  const refusedBank = { accountHolder: 'Jo Seller', sortCode: '20-00-00', accountNumber: '44444444' }
  refused.reference = (await orderByPost(page, refused.email, refusedBank)).reference

  // A payee the bank never matches, whom the seller says is right: held for staff.
  page = await pageOn(browser)
  await addGoodIphone(page)
  const never = { holder: 'Jo Seller', sortCode: '20-00-00', account: '22222222' }
  await checkout(page, unmatched.email, never)
  await expect(page.getByText('Your bank says the name you typed does not match this account')).toBeVisible()
  await page.getByRole('main').getByLabel('Sort code', { exact: true }).fill(never.sortCode)
  await page.getByRole('main').getByLabel('Account number', { exact: true }).fill(never.account)
  await page.getByLabel('These details are right (we check them with you before paying)').check()
  for (const declaration of DECLARATIONS) await page.getByRole('main').getByLabel(declaration, { exact: true }).check()
  await page.getByRole('button', { name: 'Place order and get free postage' }).click()
  unmatched.reference = await placed(page)

  // Two more, checked later: one after the cut-off, one on a bank holiday.
  // Each to an account of its own: an account another seller gave holds both orders for staff.
  for (const [order, account] of [
    [late, '11112222'],
    [holiday, '55556666'],
  ] as const) {
    page = await pageOn(browser)
    const own = { accountHolder: 'Jo Seller', sortCode: '30-94-30', accountNumber: account }
    order.reference = (await orderByPost(page, order.email, own)).reference
  }
  await stopAndWait(site!)

  // The next working day, five minutes past the cut-off (14:00 in the seed's Site settings). Four
  // orders were checked before it, one two minutes after it.
  const calendar = calendarOf([])
  const firstDay = nextWorkingDay(londonDay(new Date()), calendar)
  await checked(
    [bank, paypal, refused, unmatched].map((order) => order.reference),
    new Date(),
  )
  await checked([late.reference], cutoffOn(firstDay, '14:02'))
  await start(cutoffOn(firstDay, '14:05'))

  const paidBank = await mail(bank.email, new RegExp(`We have paid you for order ${bank.reference}`))
  expect(paidBank.text).toMatch(
    /Your payment is confirmed: £\d+ for order HB-\S+ has reached the account ending 5678\./,
  )
  const paidPaypal = await mail(paypal.email, new RegExp(`We have paid you for order ${paypal.reference}`))
  expect(paidPaypal.text).toContain('has reached the PayPal account p•••@e•••.com')
  const failed = await mail(refused.email, new RegExp(`Your payment for order ${refused.reference} did not go through`))
  expect(failed.text).toContain('to the account ending 4444, did not go through')

  // The refused seller corrects their details, with the code e-mailed to them.
  const seller = await pageOn(browser)
  await seller.goto(linkIn(failed, '/order-tracker-details?order='))
  const section = seller.getByRole('region', { name: 'Your payment details' })
  await section.getByRole('button', { name: 'E-mail me a code to change them' }).click()
  const codeMail = await mail(refused.email, new RegExp(`code to change payment details: order ${refused.reference}`))
  const code = codeMail.text.match(/\b(\d{6})\b/)![1]!
  await section.getByLabel('Code from our e-mail', { exact: true }).fill(code)
  await section.getByLabel('Name on the account', { exact: true }).fill('Jo Seller')
  await section.getByLabel('Sort code', { exact: true }).fill('30-94-30')
  await section.getByLabel('Account number', { exact: true }).fill('87654321')
  await section.getByRole('button', { name: 'Change my payment details' }).click()
  await expect(seller.getByRole('status').first()).toContainText('Your payment details are changed')

  // Nothing for the payee the bank did not match, while the others were paid.
  const unpaid = mail(unmatched.email, /We have paid you/, 5_000)
  await expect(unpaid).rejects.toThrow()
  await stopAndWait(site!)
  // The pass that paid the others left the order checked after the cut-off for the next working day.
  expect(await paymentDays(late.reference)).toEqual([])

  // A change holds the payment a day: the first working day's cut-off after that pays it, with a new key.
  let secondDay = nextWorkingDay(firstDay, calendar)
  while (cutoffOn(secondDay, '14:00').getTime() < Date.now() + 25 * 3_600_000)
    secondDay = nextWorkingDay(secondDay, calendar)
  await start(cutoffOn(secondDay, '14:05'))
  const paidAgain = await mail(refused.email, new RegExp(`We have paid you for order ${refused.reference}`))
  expect(paidAgain.text).toContain('has reached the account ending 4321')
  await mail(late.email, new RegExp(`We have paid you for order ${late.reference}`))
  await expect(mail(unmatched.email, /We have paid you/, 5_000)).rejects.toThrow()
  await stopAndWait(site!)
  expect(await paymentDays(late.reference)).toEqual([secondDay])

  // A bank holiday: an order checked that morning is not paid at its cut-off, but at the next
  // working day's. The job says in its log that it looked and found the day closed.
  const bankHoliday = SHIPPED_BANK_HOLIDAYS.find((day) => day > secondDay)!
  await checked([holiday.reference], cutoffOn(bankHoliday, '09:00'))
  await start(cutoffOn(bankHoliday, '14:05'))
  await expect
    .poll(() => site!.log(), { timeout: 90_000 })
    .toContain(`Payouts: ${bankHoliday} is not a working day; what is due is paid at`)
  await stopAndWait(site!)
  expect(await paymentDays(holiday.reference)).toEqual([])
  const dayAfter = nextWorkingDay(bankHoliday, calendar)
  await start(cutoffOn(dayAfter, '14:05'))
  await mail(holiday.email, new RegExp(`We have paid you for order ${holiday.reference}`))
  await stopAndWait(site!)
  expect(await paymentDays(holiday.reference)).toEqual([dayAfter])
})
