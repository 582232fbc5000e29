import { expect, test, type Page } from '@playwright/test'
import { testClientAddress } from '../support/e2e-env'
import { seedQuoteQuestions } from '../support/seed-content'
import {
  basketLine,
  choose,
  errorSummary,
  GOOD_CHOICES,
  IPHONE_13,
  lineQuantity,
  question,
  quoteForm,
  quotePrice,
  undoButton,
} from './sell-helpers'

// The whole sell flow with scripts off: every step is a plain form the server answers.
test.use({ javaScriptEnabled: false })

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': testClientAddress() })
})

const pricePath = new RegExp(`${IPHONE_13.path}/price\\?`)
const button = (page: Page, name: string) => quoteForm(page).getByRole('button', { name, exact: true })

test('choose, see the price from the server, add, and add one more on the basket page', async ({ page }) => {
  await page.goto(IPHONE_13.path)
  await choose(page, GOOD_CHOICES)
  await button(page, 'Show my price').click()
  await expect(page).toHaveURL(pricePath)
  const query = new URL(page.url()).searchParams
  expect(Object.fromEntries(query)).toEqual({
    model: IPHONE_13.id,
    storage: '128gb',
    power: 'yes',
    cracks: 'no',
    casing: 'light',
    lock: 'yes',
    blocked: 'no',
  })
  await expect(quotePrice(page)).toHaveText(IPHONE_13.goodPrice)
  await expect(errorSummary(page)).toHaveCount(0)
  // The choices stay chosen on the answer page.
  await expect(question(page, 'How does it look?').getByRole('radio', { name: /^Light marks/ })).toBeChecked()
  // Page metadata has no role: the robots tag is found by its name attribute.
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/)

  await button(page, 'Add to basket').click()
  await expect(page).toHaveURL(/\/add-to-cart$/)
  const main = page.getByRole('main')
  const line = basketLine(main, IPHONE_13.device)
  await expect(lineQuantity(line, IPHONE_13.device)).toHaveText('1')
  await expect(line).toContainText('Condition: Good')
  await expect(line).toContainText('Total: £114')
  await expect(main).toContainText('We’ll pay you up to £114')

  await line.getByRole('button', { name: `Add one more ${IPHONE_13.device}` }).click()
  await expect(page).toHaveURL(/\/add-to-cart$/)
  await expect(lineQuantity(line, IPHONE_13.device)).toHaveText('2')
  await expect(line).toContainText('Total: £228')
  await expect(main).toContainText('We’ll pay you up to £228')

  await line.getByRole('button', { name: `Remove one ${IPHONE_13.device}` }).click()
  await line.getByRole('button', { name: `Remove one ${IPHONE_13.device}` }).click()
  await expect(main).toContainText(`${IPHONE_13.device} was removed from your basket.`)
  await undoButton(main, IPHONE_13.device).click()
  await expect(lineQuantity(basketLine(main, IPHONE_13.device), IPHONE_13.device)).toHaveText('1')
})

test('an incomplete price request shows the server’s error summary, linking to each missing question', async ({
  page,
}) => {
  await page.goto(IPHONE_13.path)
  await choose(page, GOOD_CHOICES.slice(0, 2))
  await button(page, 'Show my price').click()
  await expect(page).toHaveURL(pricePath)
  const summary = errorSummary(page)
  await expect(summary.getByRole('heading', { name: 'There is a problem' })).toBeVisible()
  const links = summary.getByRole('link')
  await expect(links).toHaveText([
    'Is the screen or the back cracked? – Choose an answer',
    'How does it look? – Choose an answer',
    'Can you turn off Find My or remove your Google account before you send it? – Choose an answer',
    'Has it been reported lost or stolen, or blocked by a network? – Choose an answer',
  ])
  // Each link points at the first choice of its own question.
  for (const [index, legend] of [
    'Is the screen or the back cracked?',
    'How does it look?',
    'Can you turn off Find My or remove your Google account before you send it?',
    'Has it been reported lost or stolen, or blocked by a network?',
  ].entries()) {
    const href = await links.nth(index).getAttribute('href')
    expect(href).toMatch(/^#/)
    await expect(question(page, legend).getByRole('radio').first()).toHaveAttribute('id', href!.slice(1))
  }
  await expect(question(page, 'How much storage does it have?').getByRole('radio', { name: '128GB' })).toBeChecked()
  await expect(question(page, 'Is the screen or the back cracked?')).toHaveAccessibleDescription(/Choose an answer/)
  await expect(quotePrice(page)).toHaveCount(0)
})

test('adding an incomplete device comes back with the error summary, and the basket stays empty', async ({ page }) => {
  await page.goto(IPHONE_13.path)
  const answered = GOOD_CHOICES.slice(0, 2)
  await choose(page, answered)
  await button(page, 'Add to basket').click()
  await expect(page).toHaveURL(pricePath)
  // One link for each question the seller left unanswered.
  await expect(errorSummary(page).getByRole('link')).toHaveCount(seedQuoteQuestions().length - answered.length)
  await page.goto('/add-to-cart')
  await expect(page.getByRole('main')).toContainText('Your basket is empty.')
})

test('a refusing answer comes back with the reason, and nothing is added', async ({ page }) => {
  await page.goto(IPHONE_13.path)
  const lock = 'Can you turn off Find My or remove your Google account before you send it?'
  await choose(page, [...GOOD_CHOICES.filter(([legend]) => legend !== lock), [lock, 'No, I cannot unlock it']])
  await button(page, 'Add to basket').click()
  await expect(page).toHaveURL(pricePath)
  await expect(quoteForm(page).getByRole('heading', { name: 'We cannot buy this device' })).toBeVisible()
  await expect(quoteForm(page)).toContainText('We cannot buy a device with an activation lock on')
  await page.goto('/add-to-cart')
  await expect(page.getByRole('main')).toContainText('Your basket is empty.')
})
