import { expect, test, type Page } from '@playwright/test'
import { testClientAddress } from '../support/e2e-env'
import { seedModelTitles, seedQuoteQuestions } from '../support/seed-content'
import { openDrawer } from './header-helpers'
import {
  cartBadge,
  choose,
  errorSummary,
  GOOD_CHOICES,
  IPHONE_13,
  openSearch,
  question,
  quotePrice,
  quoteForm,
  tabTo,
} from './sell-helpers'

// Each test is a visitor of its own: its own client address (rate limits) and its own cookies.
test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': testClientAddress() })
})

const heading = (page: Page) => page.getByRole('main').getByRole('heading', { level: 1 })
/** The iPhone 13's tile on Sell my phone, under its make's heading: name and top price. */
const iphone13Tile = (page: Page) =>
  page
    .getByRole('main')
    .getByRole('region', { name: 'Apple', exact: true })
    .getByRole('link', { name: new RegExp(`^iPhone 13\\s*${IPHONE_13.topPrice}$`) })

test.describe('finding a model', () => {
  test('the header search finds the iPhone 13 with its top price; arrow down and Enter open its page', async ({
    page,
  }) => {
    await page.goto('/')
    const box = await openSearch(page)
    await box.pressSequentially('iphone 13')
    const option = page.getByRole('option')
    await expect(option).toHaveCount(seedModelTitles('iphone 13').length)
    await expect(option).toContainText('Apple iPhone 13')
    await expect(option).toContainText(IPHONE_13.topPrice)
    await box.press('ArrowDown')
    await expect(option).toHaveAttribute('aria-selected', 'true')
    await box.press('Enter')
    await expect(page).toHaveURL(new RegExp(`${IPHONE_13.path}$`))
    await expect(heading(page)).toHaveText(IPHONE_13.heading)
    await expect(page.getByRole('main')).toContainText(IPHONE_13.topPrice)
  })

  test('desktop: Sell, then the Sell My Phone mega-menu, then the make’s tiles lead to the model', async ({ page }) => {
    test.skip(test.info().project.name !== 'desktop', 'the mega-menu shows at 1280 px')
    await page.goto('/')
    const nav = page.getByRole('navigation', { name: 'Main' })
    await nav.getByRole('button', { name: 'Show the Sell menu' }).click()
    await nav.getByRole('button', { name: 'Show the Sell My Phone menu' }).click()
    const mega = nav.getByRole('group', { name: 'Sell My Phone' })
    // Newer models are listed by name, each linking to its own page...
    await expect(mega.getByRole('link', { name: 'iPhone 17', exact: true })).toHaveAttribute(
      'href',
      '/sell-my-phone/iphone-17',
    )
    // ...and older ones are one step further, under the make.
    await mega.getByRole('link', { name: 'All Apple models' }).click()
    await expect(page).toHaveURL(/\/sell-my-phone#apple$/)
    await iphone13Tile(page).click()
    await expect(page).toHaveURL(new RegExp(`${IPHONE_13.path}$`))
    await expect(heading(page)).toHaveText(IPHONE_13.heading)
  })

  test('mobile: the drawer leads to Sell My Phone, whose tile leads to the model', async ({ page }) => {
    test.skip(test.info().project.name !== 'mobile', 'the drawer replaces the menu below 768 px')
    await page.goto('/')
    await (await openDrawer(page)).getByRole('link', { name: 'Sell My Phone' }).click()
    await expect(page).toHaveURL(/\/sell-my-phone$/)
    const tile = iphone13Tile(page)
    await expect(tile).toContainText(IPHONE_13.topPrice)
    await tile.click()
    await expect(page).toHaveURL(new RegExp(`${IPHONE_13.path}$`))
    await expect(heading(page)).toHaveText(IPHONE_13.heading)
  })
})

test('the device finder leads to a model page by search or by make', async ({ page }) => {
  await page.goto('/check-in')
  const main = page.getByRole('main')
  await page.getByRole('searchbox', { name: 'Search by model' }).fill('iphone 13')
  await expect(main.getByRole('status')).toHaveText(`Devices found: ${seedModelTitles('iphone 13').length}`)
  await main.getByRole('link', { name: /^Apple iPhone 13\s*Up to £160$/ }).click()
  await expect(page).toHaveURL(new RegExp(`${IPHONE_13.path}$`))

  await page.goto('/check-in')
  // A make is a native disclosure: its summary has no role, so it is found by the make's name.
  await main.getByText('Apple', { exact: true }).click()
  await main.getByRole('link', { name: /^iPhone 13\s*Up to £160$/ }).click()
  await expect(heading(page)).toHaveText(IPHONE_13.heading)
})

test.describe('the price checker', () => {
  test('by keyboard alone: an empty submission focuses the error summary, its links reach the fields, and the answers give £114', async ({
    page,
  }) => {
    await page.goto(IPHONE_13.path)
    await page.keyboard.press('Tab')
    await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused()
    await page.keyboard.press('Enter')

    const add = quoteForm(page).getByRole('button', { name: 'Add to basket' })
    await tabTo(page, add)
    await page.keyboard.press('Enter')
    const summary = errorSummary(page)
    await expect(summary).toBeFocused()
    await expect(summary.getByRole('link')).toHaveText([
      'How much storage does it have? – Choose how much storage it has',
      'Does it switch on and work fully? – Choose an answer',
      'Is the screen or the back cracked? – Choose an answer',
      'How does it look? – Choose an answer',
      'Can you turn off Find My or remove your Google account before you send it? – Choose an answer',
      'Has it been reported lost or stolen, or blocked by a network? – Choose an answer',
    ])
    await expect(question(page, 'How much storage does it have?')).toHaveAccessibleDescription(
      /Choose how much storage it has/,
    )

    // A summary link moves focus to the first choice of its question.
    await page.keyboard.press('Tab')
    await expect(summary.getByRole('link').first()).toBeFocused()
    await page.keyboard.press('Enter')
    const storage = question(page, 'How much storage does it have?')
    await expect(storage.getByRole('radio', { name: '128GB' })).toBeFocused()

    // Space chooses; Tab moves to the next question; the arrow keys move within one.
    await page.keyboard.press('Space')
    await expect(storage.getByRole('radio', { name: '128GB' })).toBeChecked()
    await expect(storage).not.toHaveAccessibleDescription(/Choose how much storage/)
    for (const [legend, answer] of GOOD_CHOICES.slice(1)) {
      await page.keyboard.press('Tab')
      const group = question(page, legend)
      if (answer === 'Light marks from everyday use') {
        await expect(group.getByRole('radio', { name: /^Like new/ })).toBeFocused()
        await page.keyboard.press('ArrowDown')
      } else {
        await expect(group.getByRole('radio').first()).toBeFocused()
        await page.keyboard.press('Space')
      }
      await expect(group.getByRole('radio', { name: answer, exact: true })).toBeChecked()
    }
    await expect(quotePrice(page)).toHaveText(IPHONE_13.goodPrice)
    await expect(quoteForm(page)).toContainText('Condition: Good')
    await expect(summary.getByRole('link')).toHaveCount(0)

    // Enter on the button adds it.
    await tabTo(page, add)
    await page.keyboard.press('Enter')
    await expect(quoteForm(page).getByRole('status')).toContainText(`${IPHONE_13.device} is in your basket.`)
    await expect(cartBadge(page)).toHaveText('1')
  })

  test('a summary link for a later question moves focus to that question', async ({ page }) => {
    await page.goto(IPHONE_13.path)
    await choose(page, GOOD_CHOICES.slice(0, 3))
    await quoteForm(page).getByRole('button', { name: 'Add to basket' }).click()
    const summary = errorSummary(page)
    await expect(summary).toBeFocused()
    // One link for each question left unanswered.
    await expect(summary.getByRole('link')).toHaveCount(seedQuoteQuestions().length - 3)
    await summary.getByRole('link', { name: /^Can you turn off Find My/ }).click()
    await expect(
      question(page, 'Can you turn off Find My or remove your Google account before you send it?').getByRole('radio', {
        name: 'Yes',
      }),
    ).toBeFocused()
  })

  test('an activation lock says why we cannot buy the device, and it cannot be added', async ({ page }) => {
    await page.goto(IPHONE_13.path)
    const lock = 'Can you turn off Find My or remove your Google account before you send it?'
    await choose(page, [...GOOD_CHOICES.filter(([legend]) => legend !== lock), [lock, 'No, I cannot unlock it']])
    const form = quoteForm(page)
    await expect(form.getByRole('heading', { name: 'We cannot buy this device' })).toBeVisible()
    await expect(form).toContainText('We cannot buy a device with an activation lock on')
    await expect(quotePrice(page)).toHaveCount(0)

    // Adding is the price checker's server action: with scripts, a POST carrying a Next-Action
    // header (to the page's own address). None may leave, nor any other write to the basket.
    const posts: string[] = []
    page.on('request', (request) => {
      const headers = request.headers()
      if (request.method() !== 'GET' && ('next-action' in headers || request.url().includes('/api/basket'))) {
        posts.push(`${request.method()} ${request.url()}`)
      }
    })
    const add = form.getByRole('button', { name: 'Add to basket' })
    await expect(add).toHaveAttribute('aria-disabled', 'true')
    // aria-disabled keeps the button in the tab order, so a keyboard user can still press it.
    await add.focus()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(new RegExp(`${IPHONE_13.path}$`))
    await expect(form.getByRole('status', { includeHidden: true })).toHaveText('')
    expect(posts).toEqual([])
    await expect(cartBadge(page)).toHaveCount(0)

    // Changing the answer brings the price back.
    await choose(page, [[lock, 'Yes']])
    await expect(quotePrice(page)).toHaveText(IPHONE_13.goodPrice)
    await expect(add).not.toHaveAttribute('aria-disabled', 'true')
    // And the same watch sees the add that now leaves: it would have seen one above.
    await add.click()
    await expect(cartBadge(page)).toHaveText('1')
    expect(posts).toEqual([`POST ${new URL(IPHONE_13.path, page.url()).href}`])
  })
})
