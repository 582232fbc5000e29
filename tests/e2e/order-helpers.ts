import { expect, type Browser, type Page } from '@playwright/test'
import { STAFF_ACCOUNTS } from '../support/e2e-env'
import { linkIn, logIn, mailTo, ownAddress } from './account-helpers'
import { readStaffKeys, totp, withStaffLock, writeStaffKeys, type StaffKeys } from '../support/staff-two-factor'
import { isImei } from '../../web/register/device-id'
import { GOOD_IPHONE_13 } from '../../scripts/page-forms.mjs'
import { checkoutFields } from '../support/checkout-fields'
import { readPageForm, sendPageForm } from './form-post'
import { IPHONE_13 } from './sell-helpers'

export const REFERENCE = /HB-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}/

/** What a seller types at checkout, label by label. */
export function sellerDetails(email: string) {
  return {
    'Full name': 'Jo Seller',
    'E-mail address': email,
    'UK mobile number': '07700 900456',
    'Address line 1': '12 Mill Lane',
    'Town or city': 'Leeds',
    Postcode: 'ls1 4ap',
    'Name on the account': 'J Seller',
    'Sort code': '30-94-30',
    'Account number': '12345678',
  }
}

export const DECLARATIONS = [
  'I am 18 or over and I live in the UK',
  'I own this device outright: it is not on finance, reported lost or stolen, or an insurance replacement',
  'I will turn off Find My iPhone or remove my Google account, and erase the device, before I send it',
  'I accept the terms and conditions',
]

/** Fills the checkout form as a seller would, leaving out the fields named in `skip`. */
export async function fillCheckout(page: Page, email: string, skip: string[] = []) {
  // The checkout form has no name of its own; its labels are unique within the page's main region.
  const main = page.getByRole('main')
  for (const [label, value] of Object.entries(sellerDetails(email))) {
    if (skip.includes(label)) continue
    await main.getByLabel(label, { exact: true }).fill(value)
  }
  for (const declaration of DECLARATIONS) {
    if (!skip.includes(declaration)) await main.getByLabel(declaration, { exact: true }).check()
  }
}

/** Places the order in the basket; answers with its reference and the receipt's address. */
export async function placeOrder(page: Page, email: string): Promise<{ reference: string; receipt: string }> {
  await page.goto('/complete-order')
  await fillCheckout(page, email)
  await page.getByRole('button', { name: 'Place order and get free postage' }).click()
  await expect(page).toHaveURL(/\/order-successful\?order=/)
  const reference = (await page.getByText(REFERENCE).first().textContent())!.match(REFERENCE)![0]
  return { reference, receipt: page.url() }
}

/** The checkout form's fields by name (the shared list, declarations made), with what `fillCheckout` types. */
function checkoutByName(email: string): Record<string, string> {
  const typed = sellerDetails(email)
  return {
    ...checkoutFields(email),
    name: typed['Full name'],
    phone: typed['UK mobile number'],
    addressLine1: typed['Address line 1'],
    town: typed['Town or city'],
    postcode: typed.Postcode,
    accountHolder: typed['Name on the account'],
    sortCode: typed['Sort code'],
    accountNumber: typed['Account number'],
  }
}

/**
 * An iPhone 13 (128GB, Good) ordered as a browser running no scripts orders it: the model page's
 * "Add to basket" form, then the checkout form, each posted with the page's own cookies and address,
 * the seller's details those `placeOrder` types. For the specs about what happens after an order;
 * the checkout pages themselves are order-flow's, checkout-tabs' and sell-flow-no-script's.
 */
export async function orderByPost(
  page: Page,
  email: string,
  /** Fields by name to add or change: `{ postagePack: 'true' }`, another postcode. */
  extra: Record<string, string> = {},
): Promise<{ reference: string; receipt: string }> {
  const model = await readPageForm(page.request, IPHONE_13.path, { button: 'Add to basket' })
  const added = await sendPageForm(page.request, IPHONE_13.path, { ...model.hidden, ...GOOD_IPHONE_13 }, model)
  expect(added.status, JSON.stringify(added.problems)).toBe(303)
  const checkout = await readPageForm(page.request, '/complete-order', { button: 'Place order and get free postage' })
  const fields = { ...checkout.hidden, ...checkoutByName(email), ...extra }
  const placed = await sendPageForm(page.request, '/complete-order', fields, checkout)
  expect(placed.status, JSON.stringify(placed.problems)).toBe(303)
  expect(placed.location).toMatch(/^\/order-successful\?order=/)
  return { reference: placed.location!.match(REFERENCE)![0], receipt: new URL(placed.location!, checkout.origin).href }
}

/** A page signed in as staff (or a manager), in a browser context of its own. */
export async function staffPage(browser: Browser, role: 'staff' | 'manager' = 'staff'): Promise<Page> {
  const page = await (await browser.newContext()).newPage()
  await ownAddress(page)
  await staffLogIn(page, STAFF_ACCOUNTS[role])
  return page
}

/** From the staff list at /admin/orders: searches, as staff type it, by the list's one search box. */
export async function searchOrders(page: Page, typed: string) {
  await page.goto('/admin/orders')
  await page.getByLabel('Search by order number, e-mail, postcode, name or IMEI').fill(typed)
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page).toHaveURL(/^[^?]*\/admin\/orders\?/)
}

type StaffAccount = { email: string; password: string }

/**
 * Logs in as staff: the password, then the authenticator app's code, and lands on /admin. The
 * first time (one worker at a time), the account is set up as its owner does: from the link in the
 * invitation e-mail that `npm run staff:create` sent.
 */
export async function staffLogIn(page: Page, account: StaffAccount) {
  const keys = await withStaffLock(account.email, async () => {
    const kept = readStaffKeys(account.email)
    if (kept) return null
    return enrolTwoFactor(page, account, (made) => writeStaffKeys(account.email, made))
  })
  if (!keys) {
    await logIn(page, account.email, account.password, '/login?next=/admin')
    // A password is checked by a deliberately slow hash: beside a second server starting, on two
    // busy cores, a run waited more than the default 5 s for it.
    await expect(page).toHaveURL(/\/two-factor/, { timeout: 30_000 })
    await enterCode(page, totp(readStaffKeys(account.email)!.key))
  }
  // The path itself, not the login page's ?next=/admin.
  await expect(page).toHaveURL(/^[^?]*\/admin$/, { timeout: 30_000 })
}

/**
 * The newest set-up link sent to the account's address (an invitation, or a reset's), from the e2e
 * server's outbox or, for a site of a test's own, from the outbox folder it names.
 */
export async function setupLink(email: string, after = 0, outbox?: string): Promise<string> {
  const message = await mailTo(email, /staff account|two-step login again/, after, 90_000, outbox)
  return linkIn(message, '/staff-setup?token=')
}

/**
 * Opens the invitation's link and chooses the password: the page then shows the app's key, once,
 * to this browser alone. Answers the key as the page shows it.
 */
export async function acceptInvitation(page: Page, account: StaffAccount, after = 0, outbox?: string): Promise<string> {
  await page.goto(await setupLink(account.email, after, outbox))
  await expect(page.getByRole('heading', { name: 'Set up two-step login', level: 1 })).toBeVisible()
  await page.getByLabel('New password', { exact: true }).fill(account.password)
  await page.getByRole('button', { name: 'Set up two-step login' }).click()
  return (await page.getByTestId('totp-key').textContent())!.replace(/\s/g, '')
}

/**
 * From the invitation's link: the password, then the key into the app, then the app's first code.
 * The keys go to `keep` before the code is sent: a test that ran out of time just after would
 * otherwise leave two-step login on with keys no later test could read.
 */
export async function enrolTwoFactor(
  page: Page,
  account: StaffAccount,
  keep: (keys: StaffKeys) => void = () => {},
  outbox?: string,
): Promise<StaffKeys> {
  const key = await acceptInvitation(page, account, 0, outbox)
  const backupCodes = await page.getByRole('region', { name: 'Backup codes' }).getByRole('listitem').allTextContents()
  await page.getByLabel('Code from your authenticator app', { exact: true }).fill(totp(key))
  keep({ key, backupCodes })
  await page.getByRole('button', { name: 'Turn on two-step login' }).click()
  await expect(page).toHaveURL(/^[^?]*\/admin$/)
  return { key, backupCodes }
}

/** On the second step of logging in: a code from the app, or a backup code. */
export async function enterCode(page: Page, code: string) {
  await page.getByLabel('Code from your authenticator app', { exact: true }).fill(code)
  await page.getByRole('button', { name: 'Continue', exact: true }).click()
}

/**
 * From the order's staff page, by keyboard as staff work: opens an action, fills what it asks,
 * confirms, and waits for "Done."
 */
export async function staffDoes(
  page: Page,
  reference: string,
  action: string,
  fill?: () => Promise<void>,
  /** What the page says once it is done, when not "Done." (a rise sent for a manager's approval). */
  saying = 'Done.',
) {
  await page.goto(`/admin/orders/${reference}`)
  await page.getByRole('link', { name: action, exact: true }).focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\?action=/)
  // The check asks the checklist: answered for the Good the e2e sellers choose, unless `fill` says otherwise.
  if (action === 'Record the check') await answerChecklist(page)
  await fill?.()
  await page.getByRole('button', { name: 'Confirm', exact: true }).focus()
  await page.keyboard.press('Enter')
  const done = page.getByText(saying, { exact: true })
  // Paying asks a manager for their password again once their login is a few moments old: the
  // form comes back with the field, and the focus in it.
  const password = page.getByRole('region', { name: 'What to do next' }).getByLabel('Your password', { exact: true })
  await expect(done.or(password)).toBeVisible()
  if (await password.isVisible()) {
    await expect(password).toBeFocused()
    await page.keyboard.type(STAFF_ACCOUNTS.manager.password)
    await page.getByRole('button', { name: 'Confirm', exact: true }).click()
  }
  await expect(done).toBeVisible()
}

/** The seed checklist's screen answer that decides each grade (every other answer its best). */
export const CHECKLIST_SCREEN = {
  Excellent: 'No marks, touch works everywhere',
  Good: 'Light scratches only',
  Fair: 'Heavy scratches, or marks on the display',
  Faulty: 'Cracked, or touch or display faulty',
} as const

/** Each device's checklist on the check form answered as for a device in `grade`. */
export async function answerChecklist(page: Page, grade: keyof typeof CHECKLIST_SCREEN = 'Good') {
  for (const device of await page.locator('#action-form fieldset.admin-item').all()) {
    for (const question of await device.locator('.admin-check-question').all()) {
      await question.getByRole('radio').first().check()
    }
    await device.getByRole('group', { name: 'Screen' }).getByLabel(CHECKLIST_SCREEN[grade]).check()
  }
}

/**
 * The same answers as the check form's fields, for a post sent without a browser: each question's
 * first answer as the page lists them, and the screen's `screen` (the seed's key: "light" is Good).
 */
export function checklistFields(html: string, screen = 'light'): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const [, name, value] of html.matchAll(/type="radio" id="[^"]+" name="(check-[^"]+)" value="([^"]+)"/g)) {
    fields[name!] ??= value!
  }
  for (const name of Object.keys(fields)) if (name.endsWith('-screen')) fields[name] = screen
  return fields
}

/** What the order's page says once a revised offer above the quote waits for a manager. */
export const RISE_WAITING =
  'The revised offer is above the quote: it waits for a manager’s approval before the seller is sent it.'

/** A manager approves the rise waiting on the order, with why: the seller is then sent the offer. */
export async function approveRise(page: Page, reference: string, why: string) {
  await page.goto(`/admin/orders/${reference}`)
  const form = page.getByRole('form', { name: 'Approve and send to the seller' })
  await form.getByLabel('Why (kept in the history)').fill(why)
  await form.getByRole('button', { name: 'Approve and send to the seller' }).click()
  await expect(page.getByText('Approved: the seller was sent the revised offer.', { exact: true })).toBeVisible()
}

/** The password again, if the page asks for it (the last check is more than a few seconds old). */
async function giveRecheck(scope: ReturnType<Page['getByRole']> | Page) {
  const password = scope.getByLabel('Your password', { exact: true })
  if (await password.count()) await password.fill(STAFF_ACCOUNTS.manager.password)
}

/** Whether the page is back asking for the password, its field empty: the post needed it. */
async function askedForPassword(scope: ReturnType<Page['getByRole']>) {
  const password = scope.getByLabel('Your password', { exact: true })
  return (await password.count()) > 0 && (await password.inputValue().catch(() => 'gone')) === ''
}

/**
 * Presses as a manager does: the password first when the page asks for it, and once more with it
 * when the post comes back asking after all. The window is STAFF_RECHECK_SECONDS (15 s here): a
 * page drawn inside it shows no field, and a press that lands after it is asked (fresh-clone
 * runs lost a payment run's download, and a caution's payment, to exactly this).
 */
export async function pressAsManager(
  scope: ReturnType<Page['getByRole']>,
  press: () => Promise<void>,
  done: () => Promise<boolean>,
) {
  for (let attempt = 0; attempt < 2; attempt++) {
    await giveRecheck(scope)
    await press()
    await expect
      .poll(async () => (await done()) || (await askedForPassword(scope)), { timeout: 60_000 })
      .toBe(true)
      .catch(async (error: Error) => {
        // Neither outcome came: say what the page said instead (a CI run once waited out the minute).
        const alerts = await scope
          .page()
          .getByRole('alert')
          .allTextContents()
          .catch(() => [])
        throw new Error(`${error.message}\nThe page at ${scope.page().url()} said: ${JSON.stringify(alerts)}`)
      })
    if (await done()) return
  }
  throw new Error('Asked for the password again right after it was given')
}

/** A manager asks to see the order's bank details, giving the password again if it is asked. */
export async function revealBankDetails(page: Page, reference: string) {
  await page.goto(`/admin/orders/${reference}`)
  const payout = page.getByRole('region', { name: 'Payout' })
  await pressAsManager(
    payout,
    () => payout.getByRole('button', { name: 'Show bank details' }).click(),
    async () => /[?&]revealed=\d+/.test(page.url()),
  )
}

/** The order's status as the seller's page names it: the first line under the status heading. */
export const statusName = (page: Page) =>
  page.getByRole('region', { name: 'Where your order is' }).getByRole('paragraph').first()

export async function confirmationMail(email: string) {
  return mailTo(email, /order/i)
}

/**
 * A valid IMEI of the calling test's own (random, with its Luhn check digit): the stand-in register
 * passes any it does not know, and one test making the register down for it reaches no other.
 */
export function ownImei(): string {
  const body = `35${Array.from({ length: 12 }, () => Math.floor(Math.random() * 10)).join('')}`
  for (let check = 0; check < 10; check++) if (isImei(body + check)) return body + check
  throw new Error('unreachable')
}
