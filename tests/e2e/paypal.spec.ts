import { expect, test, type Browser, type Page } from '@playwright/test'
import { uniqueEmail } from '../support/e2e-env'
import { linkIn, mailTo, ownAddress } from './account-helpers'
import { violations } from './axe'
import { DECLARATIONS, REFERENCE, fillCheckout, placeOrder, revealBankDetails, staffPage } from './order-helpers'
import { addGoodIphone } from './sell-helpers'

// PayPal as the second way of being paid: chosen at checkout (with scripts, the bank's fields go;
// without, both are shown and only the chosen one's are checked), named masked on the order's page,
// chosen again in the change of payment details with the same e-mailed code, and shown to a
// manager who reveals it. Skipped in beforeAll: a project that skips never opens a page for it.
test.beforeAll(({}, testInfo) =>
  test.skip(testInfo.project.name !== 'desktop', 'the order forms run once, at desktop width'),
)
test.beforeEach(async ({ page }) => {
  test.setTimeout(180_000)
  await ownAddress(page)
})

const PAYPAL = 'Sam.PayPal@Example.com'
const MASKED = 'the PayPal account s•••@e•••.com'
const PAYPAL_LABEL = 'E-mail address of your PayPal account'
const BANK_ONLY = ['Name on the account', 'Sort code', 'Account number']

/** A browser of the seller's own, with scripts or without, holding the cookies of `from` (its basket). */
async function browserWith(browser: Browser, scripts: boolean, from?: Page): Promise<Page> {
  const storageState = from ? await from.context().storageState() : undefined
  const page = await (await browser.newContext({ javaScriptEnabled: scripts, storageState })).newPage()
  await ownAddress(page)
  return page
}
const summaryLink = (page: Page, text: string) =>
  page.getByRole('alert').filter({ hasText: 'There is a problem' }).getByRole('link', { name: text })

for (const scripts of [true, false]) {
  const how = scripts ? 'with scripts' : 'without scripts'

  test(`a seller chooses PayPal at checkout and is told it will be paid there (${how})`, async ({
    page: quoting,
    browser,
  }) => {
    // The price is quoted with scripts (the house's quote form); the checkout is the test's.
    await addGoodIphone(quoting)
    const page = await browserWith(browser, scripts, quoting)
    const email = uniqueEmail(scripts ? 'paypal' : 'paypal-noscript')
    await page.goto('/complete-order')
    const main = page.getByRole('main')
    const choice = main.getByRole('group', { name: 'How would you like to be paid?' })
    await expect(choice.getByRole('radio', { name: 'Bank transfer' })).toBeChecked()
    await expect(main.getByLabel(PAYPAL_LABEL)).toHaveCount(1)
    if (scripts) {
      // One method's fields at a time: PayPal's hidden until chosen, then the bank's.
      await expect(main.getByLabel(PAYPAL_LABEL)).toBeHidden()
      await choice.getByRole('radio', { name: 'PayPal' }).check()
      await expect(main.getByLabel(PAYPAL_LABEL)).toBeVisible()
      for (const label of BANK_ONLY) await expect(main.getByLabel(label, { exact: true })).toBeHidden()
    } else {
      // Without scripts every group is there; the choice says which is checked.
      await expect(main.getByLabel(PAYPAL_LABEL)).toBeVisible()
      await expect(main.getByLabel('Sort code', { exact: true })).toBeVisible()
      await choice.getByRole('radio', { name: 'PayPal' }).check()
    }

    // No bank details at all, and a PayPal address that is not one: only PayPal's field is wrong.
    await fillCheckout(page, email, [...BANK_ONLY])
    await main.getByLabel(PAYPAL_LABEL).fill('sam.paypal@example')
    await page.getByRole('button', { name: 'Place order and get free postage' }).click()
    const wrong = summaryLink(page, 'Enter your PayPal address like name@example.co.uk')
    await expect(wrong).toBeVisible()
    await expect(page.getByRole('alert').filter({ hasText: 'There is a problem' })).toBeFocused()
    await expect(page.getByRole('alert').getByRole('link')).toHaveCount(1)
    // The choice and the address typed are kept for the seller to correct.
    await expect(choice.getByRole('radio', { name: 'PayPal' })).toBeChecked()
    await expect(main.getByLabel(PAYPAL_LABEL)).toHaveValue('sam.paypal@example')
    await wrong.click()
    await expect(main.getByLabel(PAYPAL_LABEL)).toBeFocused()
    if (scripts) expect(await violations(page)).toEqual([])

    await main.getByLabel(PAYPAL_LABEL).fill(PAYPAL)
    if (!scripts) {
      // Sent back without scripts: the declarations are ticked again, as the house's forms ask.
      for (const declaration of DECLARATIONS) await main.getByLabel(declaration, { exact: true }).check()
    }
    await page.getByRole('button', { name: 'Place order and get free postage' }).click()
    await expect(page).toHaveURL(/\/order-successful\?order=/)
    const reference = (await page.getByText(REFERENCE).first().textContent())!.match(REFERENCE)![0]

    const confirmation = await mailTo(email, new RegExp(`order ${reference}`))
    await page.goto(linkIn(confirmation, '/order-tracker-details?order='))
    const payout = page.getByRole('region', { name: 'Your payment details' })
    await expect(payout).toContainText(`We will pay ${MASKED}.`)
    await expect(page.getByText('sam.paypal@example.com')).toHaveCount(0)

    // A manager who reveals the details sees the address, as it is paid.
    const manager = await staffPage(browser, 'manager')
    await manager.goto(`/admin/orders/${reference}`)
    await expect(manager.getByRole('region', { name: 'Payout' })).toContainText(`We pay ${MASKED}`)
    await revealBankDetails(manager, reference)
    const revealed = manager.getByRole('region', { name: 'Payout' })
    await expect(revealed.getByRole('term').filter({ hasText: PAYPAL_LABEL })).toBeVisible()
    await expect(revealed.getByRole('definition').filter({ hasText: 'sam.paypal@example.com' })).toBeVisible()
    await page.context().close()
    await manager.context().close()
  })

  test(`a seller changes from a bank account to PayPal with the e-mailed code (${how})`, async ({ page, browser }) => {
    const email = uniqueEmail(scripts ? 'to-paypal' : 'to-paypal-noscript')
    await addGoodIphone(page)
    const { reference } = await placeOrder(page, email)
    const confirmation = await mailTo(email, new RegExp(`order ${reference}`))
    const seller = await browserWith(browser, scripts)
    await seller.goto(linkIn(confirmation, '/order-tracker-details?order='))
    const section = seller.getByRole('region', { name: 'Your payment details' })
    await expect(section).toContainText('We will pay the account ending 5678.')
    await section.getByRole('button', { name: 'E-mail me a code to change them' }).click()
    const codeMail = await mailTo(email, new RegExp(`code to change payment details: order ${reference}`))
    const code = codeMail.text.match(/\b(\d{6})\b/)![1]!

    const form = seller.getByRole('region', { name: 'Your payment details' })
    const choice = form.getByRole('group', { name: 'How would you like to be paid?' })
    // The order is paid by bank transfer: that is what the form starts from.
    await expect(choice.getByRole('radio', { name: 'Bank transfer' })).toBeChecked()
    await form.getByLabel('Code from our e-mail', { exact: true }).fill(code)
    await choice.getByRole('radio', { name: 'PayPal' }).check()
    if (scripts) await expect(form.getByLabel('Sort code', { exact: true })).toBeHidden()
    await form.getByRole('button', { name: 'Change my payment details' }).click()
    // Chosen with no address: PayPal's own problem, and the code is not spent on it.
    await expect(summaryLink(seller, 'Enter the e-mail address of your PayPal account')).toBeVisible()
    await form.getByLabel('Code from our e-mail', { exact: true }).fill(code)
    await form.getByLabel(PAYPAL_LABEL).fill(PAYPAL)
    await form.getByRole('button', { name: 'Change my payment details' }).click()
    await expect(seller.getByRole('status').first()).toHaveText(
      new RegExp(`^Your payment details are changed\\. We will pay ${MASKED}, from `),
    )
    await expect(seller.getByRole('region', { name: 'Your payment details' })).toContainText(`We will pay ${MASKED}.`)

    const changed = await mailTo(email, new RegExp(`payment details for order ${reference} have changed`))
    expect(changed.text).toContain(`We will pay ${MASKED}.`)
    expect(changed.text).not.toContain('sam.paypal@example.com')
    const toUs = await mailTo('hello@example.co.uk', new RegExp(`Payment details changed for order ${reference}`))
    expect(toUs.text).toContain(`We will now pay ${MASKED}.`)

    // Staff see PayPal, and the manager the address.
    const manager = await staffPage(browser, 'manager')
    await revealBankDetails(manager, reference)
    await expect(manager.getByRole('region', { name: 'Payout' })).toContainText('sam.paypal@example.com')
    await seller.context().close()
    await manager.context().close()
  })
}
