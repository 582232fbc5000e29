import { expect, test, type Browser, type Page } from '@playwright/test'
import { uniqueEmail } from '../support/e2e-env'
import type { ReceivedMail as MailMessage } from '../support/mail-messages'
import { linkIn, mailCount, mailTo, ownAddress } from './account-helpers'
import { violations } from './axe'
import { readPageForm, sendPageForm } from './form-post'
import { pressAsManager, searchOrders, staffDoes, staffPage, statusName, orderByPost } from './order-helpers'

// The seller's own controls after checkout: a free return until paid, and bank details changed
// with a code e-mailed to the order's address. Each runs with scripts and without, at desktop
// width, where staff work; the seller's pages are looked at on a phone too.
// Skipped in beforeAll: a project that skips never opens a page for it.
test.beforeAll(({}, testInfo) =>
  test.skip(testInfo.project.name !== 'desktop', 'the order lifecycle runs once, at desktop width'),
)
test.beforeEach(async ({ page }) => {
  test.setTimeout(180_000)
  await ownAddress(page)
})

const BUSINESS = 'hello@example.co.uk'
const NEW_BANK = { holder: 'J Seller-Newman', sortCode: '20-00-00', accountNumber: '87654321' }

/** A guest places an order for an iPhone 13: its reference, e-mail and its seller's own link. */
async function guestOrder(page: Page, tag: string) {
  const email = uniqueEmail(tag)
  const { reference } = await orderByPost(page, email)
  const confirmation = await mailTo(email, new RegExp(`order ${reference}`))
  return { email, reference, link: linkIn(confirmation, '/order-tracker-details?order=') }
}

/** The seller's page in a browser of its own, with scripts or without. */
async function sellerBrowser(browser: Browser, scripts: boolean): Promise<Page> {
  const page = await (await browser.newContext({ javaScriptEnabled: scripts })).newPage()
  await ownAddress(page)
  return page
}

/** The page as a seller sees it on a phone and on a desktop, for a person to look at. */
async function screenshots(page: Page, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 })
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true })
  }
}

const region = (page: Page, name: string) => page.getByRole('region', { name })
const codeIn = (message: MailMessage) => message.text.match(/\b(\d{6})\b/)![1]!

for (const scripts of [true, false]) {
  const how = scripts ? 'with scripts' : 'without scripts'

  test(`a seller asks for a received device back free, and staff send it from their returns queue (${how})`, async ({
    page,
    browser,
  }) => {
    const { email, reference } = await guestOrder(page, scripts ? 'return' : 'return-noscript')
    const staff = await staffPage(browser)
    await staffDoes(staff, reference, 'Mark received')
    const received = await mailTo(email, new RegExp(`received your parcel for order ${reference}`))

    // From the e-mail's link, the seller asks for it back.
    const seller = await sellerBrowser(browser, scripts)
    await seller.goto(linkIn(received, '/order-tracker-details?order='))
    await expect(statusName(seller)).toHaveText('Device received')
    const ask = region(seller, 'Changed your mind?')
    await expect(ask).toContainText('You can have your device back, free, any time until we pay you.')
    await ask.getByRole('button', { name: 'Send my device back free' }).click()
    await expect(seller.getByRole('status').first()).toHaveText(/We will send your device back free/)
    await expect(statusName(seller)).toHaveText('Being sent back')
    // Asked once: the button is gone, and asking again (a retry) changes nothing.
    await expect(region(seller, 'Changed your mind?')).toHaveCount(0)
    if (scripts) {
      expect(await violations(seller)).toEqual([])
      await screenshots(seller, 'return-asked')
    }

    // The seller reads what happens next.
    const asked = await mailTo(email, new RegExp(`send your device back: order ${reference}`))
    expect(asked.text).toContain(`You asked for your device back for order ${reference}.`)
    expect(asked.text).toContain('post it back to you, free, to the address on your order')
    expect(linkIn(asked, '/order-tracker-details?order=')).toBeTruthy()

    // Staff find it in their queue of returns to send.
    await staff.goto('/admin')
    const queue = staff.getByRole('link', { name: /^Returns to send: \d+$/ })
    await expect(queue).toBeVisible()
    await queue.click()
    await expect(staff).toHaveURL(/\/admin\/orders\?status=returning$/)
    await expect(staff.getByRole('row', { name: new RegExp(reference) })).toContainText('Being sent back')
    if (scripts) await staff.screenshot({ path: test.info().outputPath('staff-returns-1280.png'), fullPage: true })
    await staffDoes(staff, reference, 'Return to seller', async () => {
      await staff.getByLabel('Return tracking number').fill('RM987654321GB')
    })
    const history = staff.getByRole('region', { name: 'History' }).getByRole('listitem')
    await expect(history.filter({ hasText: 'Asked for it back free' })).toHaveCount(1)
    await expect(history.filter({ hasText: 'Asked for it back free' })).toContainText('Seller')

    const returned = await mailTo(email, new RegExp(`on its way back: order ${reference}`))
    expect(returned.text).toContain('The tracking number is RM987654321GB.')
    await seller.reload()
    await expect(statusName(seller)).toHaveText('Sent back to you')
    await expect(seller.getByText('Return tracking number: RM987654321GB')).toBeVisible()
    await seller.context().close()
  })

  test(`a seller changes the bank details with an e-mailed code, and the payout waits (${how})`, async ({
    page,
    browser,
  }) => {
    const tag = scripts ? 'bank' : 'bank-noscript'
    const mine = await guestOrder(page, tag)
    const theirs = await guestOrder(page, `${tag}-other`)
    const seller = await sellerBrowser(browser, scripts)

    // The order page shows the account's last four digits, never the details themselves.
    await seller.goto(mine.link)
    const bank = region(seller, 'Your payment details')
    await expect(bank).toContainText('We will pay the account ending 5678.')
    await expect(seller.locator('body')).not.toContainText('12345678')
    await expect(seller.locator('body')).not.toContainText('30-94-30')
    await bank.getByRole('button', { name: 'E-mail me a code to change them' }).click()
    await expect(bank.getByText(/We have e-mailed you a 6-digit code\. It works once, for 15 minutes\./)).toBeVisible()
    const codeMail = await mailTo(mine.email, new RegExp(`code to change payment details: order ${mine.reference}`))
    expect(codeMail.text).toContain('Your code is ')
    expect(codeMail.text).toContain('It works once, for 15 minutes.')
    expect(codeMail.text).not.toContain('12345678')
    const code = codeIn(codeMail)
    if (scripts) {
      expect(await violations(seller)).toEqual([])
      await screenshots(seller, 'bank-code-form')
      await seller.setViewportSize({ width: 1280, height: 800 })
    }

    // The tracker's view-only link (its number and postcode are on the parcel) cannot change
    // anything, even with the right code: neither the form nor a post forged from it.
    const tracker = await sellerBrowser(browser, scripts)
    await tracker.goto('/order-tracker')
    await tracker.getByLabel('Order number', { exact: true }).fill(mine.reference)
    await tracker.getByLabel('E-mail address or postcode', { exact: true }).fill('LS1 4AP')
    await tracker.getByRole('button', { name: 'Find my order' }).click()
    await expect(tracker).toHaveURL(/\/order-tracker-details\?order=/)
    // It shows where the order is, never the bank account's digits: those are the seller's own link's.
    await expect(statusName(tracker)).toHaveText('Order placed')
    await expect(tracker.locator('main')).not.toContainText('5678')
    await expect(region(tracker, 'Your payment details')).toHaveCount(0)
    await expect(tracker.getByRole('button', { name: /code/ })).toHaveCount(0)
    await expect(tracker.getByText(/change your bank details, open the link in the e-mail we sent you/)).toBeVisible()
    const viewToken = new URL(tracker.url()).searchParams.get('order')!
    const changeForm = await readPageForm(tracker.request, `${mine.link}&payout=code`, {
      button: 'Change my payment details',
    })
    // Posted where the form is, with the view-only link's token in it: the action reads the token.
    const forged = await sendPageForm(tracker.request, `${mine.link}&payout=code`, {
      ...changeForm.hidden,
      token: viewToken,
      code,
      accountHolder: 'A Thief',
      sortCode: '11-22-33',
      accountNumber: '11112222',
    })
    expect(forged.problems.map((problem) => problem.code)).toEqual(['signedLinkNeeded'])
    const askForm = await readPageForm(tracker.request, mine.link, { button: 'E-mail me a code to change them' })
    const mailsBefore = await mailCount(mine.email)
    const forgedAsk = await sendPageForm(tracker.request, mine.link, { ...askForm.hidden, token: viewToken })
    expect(forgedAsk.problems.map((problem) => problem.code)).toEqual(['signedLinkNeeded'])
    expect(await mailCount(mine.email)).toBe(mailsBefore)
    await tracker.context().close()

    // Another seller's order: my code does not open it, from its own page.
    const other = await sellerBrowser(browser, scripts)
    await other.goto(theirs.link)
    await region(other, 'Your payment details').getByRole('button', { name: 'E-mail me a code to change them' }).click()
    await mailTo(theirs.email, new RegExp(`code to change payment details: order ${theirs.reference}`))
    await fillBankChange(other, code)
    await expect(errorLink(other, /That is not the code we sent/)).toBeVisible()
    await expect(region(other, 'Your payment details')).toContainText('We will pay the account ending 5678.')
    await other.context().close()

    // A name the bank file cannot carry (another script) is refused where it is typed, saying
    // what to type, before the code is tried: nothing changes and no try is used.
    await fillBankChange(seller, code, { ...NEW_BANK, holder: 'Дмитрий Иванов' })
    await expect(errorLink(seller, /in Latin letters/)).toBeVisible()
    await expect(region(seller, 'Your payment details')).toContainText('We will pay the account ending 5678.')

    // A wrong code is refused, and says how many tries are left.
    const wrong = code === '000000' ? '111111' : '000000'
    await fillBankChange(seller, wrong)
    await expect(
      errorLink(seller, 'That is not the code we sent. Check the e-mail and try again: 4 tries left'),
    ).toBeVisible()
    // What was typed comes back, but never the bank numbers or the code.
    await expect(seller.getByLabel('Name on the account', { exact: true })).toHaveValue(NEW_BANK.holder)
    await expect(seller.getByLabel('Account number', { exact: true })).toHaveValue('')
    await expect(seller.getByLabel('Code from our e-mail', { exact: true })).toHaveValue('')

    // The right code changes them.
    await fillBankChange(seller, code)
    await expect(seller.getByRole('status').first()).toHaveText(
      /^Your payment details are changed\. We will pay the account ending 4321, from \d{1,2} \w{3} \d{4}, \d\d:\d\d\.$/,
    )
    await expect(region(seller, 'Your payment details')).toContainText('We will pay the account ending 4321.')
    await expect(region(seller, 'Your payment details')).toContainText('For your security, we pay from')
    await expect(seller.locator('body')).not.toContainText('87654321')
    await expect(
      region(seller, 'What has happened').getByRole('listitem').filter({ hasText: 'Payment details changed' }),
    ).toHaveCount(1)
    if (scripts) {
      expect(await violations(seller)).toEqual([])
      await screenshots(seller, 'bank-changed')
      await seller.setViewportSize({ width: 1280, height: 800 })
    }

    // The same code again is refused: it worked once.
    await seller.goto(`${mine.link}&payout=code`)
    await fillBankChange(seller, code, { ...NEW_BANK, accountNumber: '99998888' })
    await expect(errorLink(seller, 'That code has already been used. Ask for a new code below')).toBeVisible()
    await expect(region(seller, 'Your payment details')).toContainText('We will pay the account ending 4321.')

    // The seller and the business are told, with the last four digits only.
    const changed = await mailTo(mine.email, new RegExp(`payment details for order ${mine.reference} have changed`))
    expect(changed.text).toContain('We will pay the account ending 4321.')
    expect(changed.text).toMatch(/we pay from \d{1,2} \w{3} \d{4}, \d\d:\d\d/)
    expect(changed.text).toContain('If you did not make this change, call us on')
    expect(changed.text).not.toContain('87654321')
    const toUs = await mailTo(BUSINESS, new RegExp(`Payment details changed for order ${mine.reference}`))
    expect(toUs.text).toContain('We will now pay the account ending 4321.')
    expect(toUs.text).toContain(`/admin/orders/${mine.reference}`)
    expect(toUs.text).not.toContain('87654321')

    // Staff see the change in the list, on the order and in its history; paying waits for the hold.
    const staff = await staffPage(browser, 'manager')
    await searchOrders(staff, mine.email)
    await expect(staff.getByRole('row', { name: new RegExp(mine.reference) })).toContainText(
      'The seller changed the bank details: do not pay before',
    )
    await staffDoes(staff, mine.reference, 'Mark received')
    await staffDoes(staff, mine.reference, 'Record the check', async () => {
      await staff.getByLabel('IMEI').fill('356938035643809')
    })
    await expect(staff.getByTestId('payout-held')).toHaveText(
      /^The seller changed the bank details: do not pay before /,
    )
    await expect(
      staff
        .getByRole('region', { name: 'History' })
        .getByRole('listitem')
        .filter({ hasText: 'Changed the bank details' }),
    ).toHaveCount(1)
    await staff.getByRole('link', { name: 'Mark paid', exact: true }).click()
    await expect(staff).toHaveURL(/\?action=pay/)
    const held = staff.getByRole('alert').filter({ hasText: 'The seller changed the bank details lately' })
    // Paying asks for the password past the re-check window: given when the form shows the field,
    // and again if the press lands after the window closed (a press made while the first post was
    // still on its way was lost that way on PostgreSQL).
    await pressAsManager(
      staff.getByRole('region', { name: 'What to do next' }),
      () => staff.getByRole('button', { name: 'Confirm', exact: true }).click(),
      () => held.isVisible(),
    )
    await expect(held).toHaveText(
      /^The seller changed the bank details lately: this order can be paid from \d{1,2} \w{3} \d{4}, \d\d:\d\d\.$/,
    )
    await staff.goto(`/admin/orders/${mine.reference}`)
    await expect(staff.getByRole('term').filter({ hasText: 'Status' }).locator('+ dd')).toHaveText('Checked')
    expect(await violations(staff)).toEqual([])
    if (scripts) await staff.screenshot({ path: test.info().outputPath('staff-order-held-1280.png'), fullPage: true })
    await seller.context().close()
  })
}

test('bank details cannot be changed once the order is paid', async ({ page, browser }) => {
  const mine = await guestOrder(page, 'bank-paid')
  const manager = await staffPage(browser, 'manager')
  await staffDoes(manager, mine.reference, 'Mark received')
  await staffDoes(manager, mine.reference, 'Record the check', async () => {
    await manager.getByLabel('IMEI').fill('356938035643809')
  })
  // A code asked for before payment...
  await page.goto(mine.link)
  await region(page, 'Your payment details').getByRole('button', { name: 'E-mail me a code to change them' }).click()
  const code = codeIn(await mailTo(mine.email, new RegExp(`code to change payment details: order ${mine.reference}`)))
  const changeForm = await readPageForm(page.request, `${mine.link}&payout=code`, {
    button: 'Change my payment details',
  })
  await staffDoes(manager, mine.reference, 'Mark paid')
  await mailTo(mine.email, new RegExp(`paid you for order ${mine.reference}`))
  const mailsBefore = await mailCount(mine.email)
  // ...is refused after it, and the page no longer offers a change.
  const late = await sendPageForm(page.request, `${mine.link}&payout=code`, {
    ...changeForm.hidden,
    code,
    accountHolder: NEW_BANK.holder,
    sortCode: NEW_BANK.sortCode,
    accountNumber: NEW_BANK.accountNumber,
  })
  expect(late.status).toBe(200)
  expect(late.problems.map((problem) => problem.code)).toEqual(['payoutClosed'])
  expect(late.problems[0]!.message).toBe(
    'These payment details can no longer be changed here. Call us on 020 7946 0123 if something is wrong.',
  )
  expect(await mailCount(mine.email)).toBe(mailsBefore)
  await page.goto(mine.link)
  await expect(statusName(page)).toHaveText('Paid')
  await expect(region(page, 'Your payment details')).toHaveCount(0)
  await expect(page.getByText('Paid to the account ending 5678')).toBeVisible()
  // The paid order on a phone: its devices table scrolls there, so the keyboard reaches it, by its name.
  await page.setViewportSize({ width: 375, height: 812 })
  expect(await violations(page)).toEqual([])
  const devices = page.getByRole('region', { name: 'Devices', exact: true })
  await devices.focus()
  await expect(devices).toBeFocused()
  await expect(devices.getByRole('table', { name: 'Devices' })).toContainText('£114')
})

/** Fills the bank details form as a seller would, and sends it. */
async function fillBankChange(page: Page, code: string, bank = NEW_BANK) {
  const form = region(page, 'Your payment details')
  await form.getByLabel('Code from our e-mail', { exact: true }).fill(code)
  await form.getByLabel('Name on the account', { exact: true }).fill(bank.holder)
  await form.getByLabel('Sort code', { exact: true }).fill(bank.sortCode)
  await form.getByLabel('Account number', { exact: true }).fill(bank.accountNumber)
  await form.getByRole('button', { name: 'Change my payment details' }).click()
}

const errorLink = (page: Page, text: string | RegExp) =>
  page.getByRole('alert').filter({ hasText: 'There is a problem' }).getByRole('link', { name: text })
