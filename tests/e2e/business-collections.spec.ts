import { randomUUID } from 'node:crypto'
import { expect, test, type Page } from '@playwright/test'
import { testClientAddress, uniqueEmail } from '../support/e2e-env'
import { mailTo } from './account-helpers'
import { staffPage } from './order-helpers'

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': testClientAddress() })
})

const PAGE = '/sell/weee-business-recycling'
const form = (page: Page) => page.getByRole('region', { name: 'Ask for a collection' })
const THANKS = 'Thank you. We have your request and have e-mailed you a copy. We will be in touch to agree a date.'

async function fillRequest(page: Page, email: string, deviceCount: string) {
  const region = form(page)
  await region.getByLabel('Organisation name').fill('Acme Trading Ltd')
  await region.getByLabel('Your name').fill('Jo Bloggs')
  await region.getByLabel('Your e-mail address').fill(email)
  await region.getByLabel('Phone number').fill('0113 496 0000')
  await region.getByLabel('Collection address').fill('Unit 4, Mill Lane\nLeeds')
  await region.getByLabel('Postcode').fill('ls1 4ab')
  await region.getByLabel('Number of devices').fill(deviceCount)
  await region.getByLabel('What you have').fill('20 iPhone 11\n4 iPad Air')
  await region.getByLabel('Dates that suit you').fill('Any Tuesday in March')
}

test('a business asks for a collection of 24 devices, is thanked, and gets a copy by e-mail', async ({ page }) => {
  await page.goto(PAGE)
  const email = uniqueEmail('collection')
  await fillRequest(page, email, '24')
  await form(page).getByRole('button', { name: 'Ask for a collection' }).click()
  await expect(form(page).getByRole('status')).toHaveText(THANKS)
  const mail = await mailTo(email, /^We have your collection request for 24 devices$/)
  expect(mail.text).toContain('Thank you for asking us to collect from Acme Trading Ltd.')
  expect(mail.text).toContain('Unit 4, Mill Lane\nLeeds\nLS1 4AB')
})

test('fewer devices than the minimum, and each empty field, are named in the editor’s words; the text stays', async ({
  page,
}) => {
  await page.goto(PAGE)
  await fillRequest(page, uniqueEmail('few'), '12')
  await form(page).getByLabel('Organisation name').fill('')
  await form(page).getByRole('button', { name: 'Ask for a collection' }).click()
  const region = form(page)
  await expect(region.getByLabel('Organisation name')).toHaveAccessibleDescription('Enter your organisation’s name.')
  // The number is the one in Pricing rules, written into the words.
  await expect(region.getByLabel('Number of devices')).toHaveAccessibleDescription(
    '20 or more We collect 20 or more devices. For fewer, send them to us with our free postage.',
  )
  await expect(region.getByLabel('What you have')).toHaveValue('20 iPhone 11\n4 iPad Air')
  const summary = region.getByRole('alert').filter({ hasText: 'There is a problem' })
  await expect(summary).toBeFocused()
  await expect(summary.getByRole('link')).toHaveText([
    'Enter your organisation’s name.',
    'We collect 20 or more devices. For fewer, send them to us with our free postage.',
  ])
})

test.describe('the collection form with scripts off', () => {
  test.use({ javaScriptEnabled: false })
  test.beforeEach(({}, testInfo) => test.skip(testInfo.project.name !== 'desktop', 'the same form at every width'))

  test('it names each problem on the page it comes back to, keeps the text, and then sends', async ({ page }) => {
    await page.goto(PAGE)
    const email = uniqueEmail('collection-noscript')
    await fillRequest(page, email, 'twenty')
    await form(page).getByLabel('Postcode').fill('not a postcode')
    await form(page).getByRole('button', { name: 'Ask for a collection' }).click()
    const summary = form(page).getByRole('alert').filter({ hasText: 'There is a problem' })
    await expect(summary.getByRole('link')).toHaveText([
      'Enter a UK postcode, such as LS1 4AB.',
      'Enter the number of devices as a whole number, such as 20.',
    ])
    await expect(form(page).getByLabel('Dates that suit you')).toHaveValue('Any Tuesday in March')
    expect(new URL(page.url()).pathname).toBe(PAGE)

    await form(page).getByLabel('Postcode').fill('LS1 4AB')
    await form(page).getByLabel('Number of devices').fill('20')
    await form(page).getByRole('button', { name: 'Ask for a collection' }).click()
    await expect(form(page).getByRole('status')).toHaveText(THANKS)
    await mailTo(email, /^We have your collection request for 20 devices$/)
  })
})

test('staff see the request, newest first, and move it on with a reason that the history keeps', async ({
  page,
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'staff work at desktop width: run once')
  test.setTimeout(120_000)
  await page.goto(PAGE)
  const organisation = `Acme ${Date.now()}`
  await fillRequest(page, uniqueEmail('collection-staff'), '31')
  await form(page).getByLabel('Organisation name').fill(organisation)
  await form(page).getByRole('button', { name: 'Ask for a collection' }).click()
  await expect(form(page).getByRole('status')).toHaveText(THANKS)

  const staff = await staffPage(browser)
  await staff.goto('/admin/messages')
  await staff.getByRole('link', { name: 'Business collections' }).click()
  await expect(staff.getByRole('heading', { name: 'Business collections', level: 1 })).toBeVisible()
  const rows = staff.getByRole('table', { name: 'Business collections' }).getByRole('row')
  await expect(rows.nth(1)).toContainText(organisation)
  await expect(rows.nth(1)).toContainText('31')
  await expect(rows.nth(1)).toContainText('Requested')
  await rows.nth(1).getByRole('link', { name: organisation }).click()
  await expect(staff.getByRole('heading', { name: `Collection for ${organisation}`, level: 1 })).toBeVisible()
  await expect(staff.getByText('20 iPhone 11')).toBeVisible()

  const actions = staff.getByRole('region', { name: 'Move it on' })
  await expect(actions.getByRole('button')).toHaveText(['Mark booked', 'Close'])
  await actions.getByRole('button', { name: 'Mark booked' }).click()
  await expect(actions.getByRole('alert')).toHaveText('Say why, for the history.')
  await actions.getByLabel('Why (kept in the history)').fill('Van booked for 9 March')
  await actions.getByRole('button', { name: 'Mark booked' }).click()
  await expect(staff.getByText('Moved to Booked.', { exact: true })).toBeVisible()
  const history = staff.getByRole('region', { name: 'History' }).getByRole('listitem')
  await expect(history).toHaveCount(2)
  await expect(history.nth(1)).toContainText('moved it from Requested to Booked: Van booked for 9 March')
  await expect(actions.getByRole('button')).toHaveText(['Mark collected', 'Reopen', 'Close'])
})

test('a visitor who is not staff gets the 404 page for the collection requests', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'staff pages: run once')
  for (const address of ['/admin/collections', `/admin/collections/${randomUUID()}`]) {
    const answer = await page.goto(address)
    expect(answer?.status()).toBe(404)
    await expect(page.getByRole('heading', { name: 'PAGE NOT FOUND', level: 1 })).toBeVisible()
  }
})
