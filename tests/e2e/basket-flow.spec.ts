import { expect, test } from '@playwright/test'
import { testClientAddress } from '../support/e2e-env'
import {
  addGoodIphone,
  basketLine,
  basketPanel,
  cartBadge,
  cartButton,
  IPHONE_13,
  lineQuantity,
  undoButton,
  whenHydrated,
} from './sell-helpers'

// Each test is a visitor of its own: its own client address (rate limits) and its own cookies.
test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': testClientAddress() })
})

test.describe('the basket', () => {
  test('added, increased, kept across a reload and on the basket page, removed and put back', async ({ page }) => {
    await addGoodIphone(page)

    await cartButton(page).click()
    const panel = basketPanel(page)
    await expect(panel).toHaveAccessibleName('Your basket (1)')
    const line = basketLine(panel, IPHONE_13.device)
    await expect(line).toContainText('Condition: Good')
    await expect(line).toContainText('Price each: £114')
    await expect(line).toContainText('Total: £114')
    await expect(lineQuantity(line, IPHONE_13.device)).toHaveText('1')
    await expect(panel).toContainText('We’ll pay you up to £114')

    await panel.getByRole('button', { name: `Add one more ${IPHONE_13.device}` }).click()
    await expect(panel).toHaveAccessibleName('Your basket (2)')
    await expect(lineQuantity(line, IPHONE_13.device)).toHaveText('2')
    await expect(line).toContainText('Total: £228')
    await expect(panel).toContainText('We’ll pay you up to £228')
    await expect(cartBadge(page)).toHaveText('2')

    // The server holds the basket: a reload, and the basket page, show the same.
    await page.reload()
    await expect(cartBadge(page)).toHaveText('2')
    await cartButton(page).click()
    await expect(panel).toHaveAccessibleName('Your basket (2)')
    await expect(panel.getByRole('listitem')).toHaveCount(1)
    await expect(lineQuantity(line, IPHONE_13.device)).toHaveText('2')
    await expect(line).toContainText('Price each: £114')
    await expect(line).toContainText('Total: £228')
    await expect(panel).toContainText('We’ll pay you up to £228')
    await expect(panel.getByRole('link', { name: 'View basket' })).toHaveAttribute('href', '/add-to-cart')
    await page.goto('/add-to-cart')
    const main = page.getByRole('main')
    const onPage = basketLine(main, IPHONE_13.device)
    await expect(lineQuantity(onPage, IPHONE_13.device)).toHaveText('2')
    await expect(onPage).toContainText('Condition: Good')
    await expect(onPage).toContainText('Price each: £114')
    await expect(onPage).toContainText('Total: £228')
    await expect(main).toContainText('We’ll pay you up to £228')

    // Down to zero: the line gives way to a note with Undo, which takes the keyboard focus.
    await cartButton(page).click()
    const remove = panel.getByRole('button', { name: `Remove one ${IPHONE_13.device}` })
    await remove.click()
    await expect(panel).toHaveAccessibleName('Your basket (1)')
    await remove.click()
    await expect(panel).toHaveAccessibleName('Your basket (0)')
    await expect(panel).toContainText(`${IPHONE_13.device} was removed from your basket.`)
    await expect(basketLine(panel, IPHONE_13.device)).toHaveCount(0)
    await expect(panel).toContainText('We’ll pay you up to £0')
    await expect(cartBadge(page)).toHaveCount(0)
    const undo = undoButton(panel, IPHONE_13.device)
    await expect(undo).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(panel).toHaveAccessibleName('Your basket (1)')
    await expect(lineQuantity(basketLine(panel, IPHONE_13.device), IPHONE_13.device)).toHaveText('1')
    await expect(panel).toContainText('We’ll pay you up to £114')
    await expect(cartBadge(page)).toHaveText('1')
    // The basket page behind the panel follows the same basket.
    await expect(lineQuantity(onPage, IPHONE_13.device)).toHaveText('1')
  })

  test('on the basket page, taking the last one away by keyboard leaves focus on its Undo', async ({ page }) => {
    await addGoodIphone(page)
    await page.goto('/add-to-cart')
    const main = page.getByRole('main')
    const remove = main.getByRole('button', { name: `Remove one ${IPHONE_13.device}` })
    await whenHydrated(remove)
    await remove.focus()
    await page.keyboard.press('Enter')
    await expect(main).toContainText(`${IPHONE_13.device} was removed from your basket.`)
    const undo = undoButton(main, IPHONE_13.device)
    await expect(undo).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(lineQuantity(basketLine(main, IPHONE_13.device), IPHONE_13.device)).toHaveText('1')
    await expect(cartBadge(page)).toHaveText('1')
  })

  test('following a link in the cart panel closes it, as the menu drawer does', async ({ page }) => {
    await addGoodIphone(page)
    await cartButton(page).click()
    await basketPanel(page).getByRole('link', { name: 'View basket' }).click()
    await expect(page).toHaveURL(/\/add-to-cart$/)
    await expect(basketPanel(page)).toBeHidden()
  })

  test('a new visitor’s basket is empty: no badge, and the panel says so', async ({ page }) => {
    await page.goto('/')
    await expect(cartButton(page)).toHaveAccessibleName('Open your basket (0)')
    await expect(cartBadge(page)).toHaveCount(0)
    await cartButton(page).click()
    const panel = basketPanel(page)
    await expect(panel).toHaveAccessibleName('Your basket (0)')
    await expect(panel).toContainText('Your basket is empty.')
    await expect(panel.getByRole('link', { name: 'Find your device' })).toHaveAttribute('href', '/check-in')
    await expect(panel.getByRole('link', { name: 'Checkout' })).toHaveCount(0)
  })

  test('a basket added to while the page’s first look at it is still on its way keeps what was added', async ({
    page,
  }) => {
    // A slow network or a server just started: the header's first request for the (empty) basket
    // answers only after the visitor has added a device. That late, older answer must not empty it.
    let releaseFirstLook: () => void = () => {}
    const firstLookHeld = new Promise<void>((resolve) => (releaseFirstLook = resolve))
    let looks = 0
    await page.route('**/api/basket', async (route) => {
      looks += 1
      if (looks === 1) {
        const answer = await route.fetch()
        await firstLookHeld
        await route.fulfill({ response: answer })
      } else await route.continue()
    })
    await page.goto(IPHONE_13.path)
    await expect.poll(() => looks).toBe(1)
    await addGoodIphone(page, { alreadyOnPage: true })
    const firstLookDone = page.waitForEvent('requestfinished', (request) => request.url().endsWith('/api/basket'))
    releaseFirstLook()
    await firstLookDone
    // Two frames: the late answer has been read and anything it changed has been drawn.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))
    await expect(cartButton(page)).toHaveAccessibleName('Open your basket (1)')
    await expect(cartBadge(page)).toHaveText('1')
  })

  test('checkout shows the basket read-only, above the form that places the order', async ({ page }) => {
    await addGoodIphone(page)
    await page.goto('/complete-order')
    const main = page.getByRole('main')
    const summary = main.getByRole('table', { name: 'Your order' })
    await expect(summary).toContainText(IPHONE_13.device)
    await expect(summary).toContainText('£114')
    await expect(main.getByRole('button', { name: /Add one more|Remove one/ })).toHaveCount(0)
    await expect(main.getByRole('button', { name: 'Place order and get free postage' })).toBeVisible()
  })
})
