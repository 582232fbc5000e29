import { expect, test } from '@playwright/test'
import { testClientAddress } from '../support/e2e-env'
import { violations } from './axe'
import {
  addGoodIphone,
  basketLine,
  basketPanel,
  cartButton,
  choose,
  errorSummary,
  GOOD_CHOICES,
  IPHONE_13,
  quotePrice,
  quoteForm,
} from './sell-helpers'

// Each test is a visitor of its own: its own client address (rate limits) and its own cookies.
test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': testClientAddress() })
})

test.describe('accessibility of the sell flow', () => {
  test('a model page with its errors shown, then with a price, has no violations', async ({ page }) => {
    await page.goto(IPHONE_13.path)
    await quoteForm(page).getByRole('button', { name: 'Add to basket' }).click()
    await expect(errorSummary(page)).toBeVisible()
    expect(await violations(page)).toEqual([])
    await choose(page, GOOD_CHOICES)
    await expect(quotePrice(page)).toHaveText(IPHONE_13.goodPrice)
    expect(await violations(page)).toEqual([])
  })

  test('the cart panel with lines and the basket page with lines have no violations', async ({ page }) => {
    await addGoodIphone(page)
    await cartButton(page).click()
    await expect(basketLine(basketPanel(page), IPHONE_13.device)).toBeVisible()
    expect(await violations(page)).toEqual([])
    await page.goto('/add-to-cart')
    await expect(basketLine(page.getByRole('main'), IPHONE_13.device)).toBeVisible()
    expect(await violations(page)).toEqual([])
  })

  test('the device finder with results and a make opened, and the whole catalogue, have no violations', async ({
    page,
  }) => {
    await page.goto('/check-in')
    await page.getByRole('searchbox', { name: 'Search by model' }).fill('galaxy')
    await expect(page.getByRole('main').getByRole('link', { name: /Galaxy S24 Ultra/ })).toBeVisible()
    // A make is a native disclosure: its summary has no role, so it is found by the make's name.
    await page.getByRole('main').getByText('Google', { exact: true }).click()
    await expect(page.getByRole('main').getByRole('link', { name: /^Pixel Tablet/ })).toBeVisible()
    expect(await violations(page)).toEqual([])
    await page.goto('/product')
    await expect(
      page.getByRole('main').getByRole('link', { name: /^iPad Pro 13-inch \(M4\)\s*Up to £620$/ }),
    ).toBeVisible()
    expect(await violations(page)).toEqual([])
  })
})
