import { expect, test, type Locator, type Page } from '@playwright/test'
import { readSeed } from '../support/seed-copy'

// The iPhone 13 as the seed prices it: 128GB in Good condition is £114, and £160 is its top price.
export const IPHONE_13 = {
  id: 'model-iphone-13',
  path: '/sell-my-phone/iphone-13',
  device: 'Apple iPhone 13 128GB',
  heading: 'Sell your Apple iPhone 13',
  topPrice: 'Up to £160',
  goodPrice: 'We’ll pay you £114',
}

/** The answers that make a working, lightly marked phone: Good condition. */
export const GOOD_ANSWERS = { power: 'yes', cracks: 'no', casing: 'light', lock: 'yes', blocked: 'no' }

/** The same answers as a seller reads them, question by question. */
export const GOOD_CHOICES: Array<[question: string, answer: string]> = [
  ['How much storage does it have?', '128GB'],
  ['Does it switch on and work fully?', 'Yes, everything works'],
  ['Is the screen or the back cracked?', 'No cracks or chips'],
  ['How does it look?', 'Light marks from everyday use'],
  ['Can you turn off Find My or remove your Google account before you send it?', 'Yes'],
  ['Has it been reported lost or stolen, or blocked by a network?', 'No'],
]

export const quoteForm = (page: Page) => page.getByRole('form', { name: 'Get your price' })
export const question = (page: Page, legend: string) => quoteForm(page).getByRole('group', { name: legend })
export const errorSummary = (page: Page) => page.getByRole('alert').filter({ hasText: 'There is a problem' })

/** Answers the price checker with the pointer, one radio per question. */
export async function choose(page: Page, choices: Array<[question: string, answer: string]>) {
  for (const [legend, answer] of choices) {
    await question(page, legend).getByRole('radio', { name: answer, exact: true }).check()
  }
}

/** The header's search box; on a phone it sits behind its own button. */
export async function openSearch(page: Page): Promise<Locator> {
  if (test.info().project.name === 'mobile') await page.getByRole('button', { name: 'Open search' }).click()
  const box = page.getByRole('combobox', { name: 'Search for your device' })
  await expect(box).toBeVisible()
  return box
}

/** Presses Tab until `target` has focus, as a keyboard user would; fails if it never does. */
export async function tabTo(page: Page, target: Locator, limit = 80) {
  for (let presses = 0; presses < limit; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return
    await page.keyboard.press('Tab')
  }
  throw new Error(`${String(target)} never took focus in ${limit} presses of Tab`)
}

export const cartButton = (page: Page) => page.getByRole('button', { name: /^Open your basket/ })
// The badge is drawn for the eye only (aria-hidden): screen readers hear the count in the cart
// button's name, which the tests check too. With no role of its own, a test id finds the digit.
export const cartBadge = (page: Page) => page.getByTestId('cart-badge')
export const basketPanel = (page: Page) => page.getByRole('dialog', { name: /^Your basket/ })

/** A basket line, wherever the basket is shown, found by its device name. */
export const basketLine = (scope: Locator, device: string) =>
  scope.getByRole('listitem').filter({ has: scope.page().getByRole('link', { name: device, exact: true }) })

/** The Undo button of a line taken down to 0. */
export const undoButton = (scope: Locator, device: string) =>
  scope.getByRole('button', { name: new RegExp(`^Undo\\s?: ${device}$`) })

/** How many of a device a basket line holds: the line's quantity `<output>` (role status). */
/**
 * Waits until React has taken over an element the server rendered. Before that, a key pressed on
 * a form's button posts it without scripts (a full page load), which is the no-script path, not
 * the one a test of scripted focus means to exercise.
 */
export async function whenHydrated(target: Locator) {
  await expect
    .poll(() => target.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactProps'))))
    .toBe(true)
}

export const lineQuantity = (scope: Locator, device: string) =>
  scope.getByRole('group', { name: `Quantity: ${device}`, exact: true }).getByRole('status')

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const priceTemplate = (readSeed().find((doc) => doc._id === 'sellingCopy')?.quote as { price: string }).price
/** The price sentence in the form ("We’ll pay you £114"), matched by the seed's wording with any price. */
export const PRICE_SENTENCE = new RegExp(
  `^${escapeRegExp(priceTemplate).replace(escapeRegExp('{price}'), '£\\d[\\d,]*(\\.\\d\\d)?')}$`,
)
export const quotePrice = (page: Page) => quoteForm(page).getByText(PRICE_SENTENCE)

/** From the model page: answer for 128GB in Good condition, add it, and wait for the badge. */
export async function addGoodIphone(page: Page, { serverJustStarted = false, alreadyOnPage = false } = {}) {
  if (!alreadyOnPage) await page.goto(IPHONE_13.path)
  await choose(page, GOOD_CHOICES)
  await expect(quotePrice(page)).toHaveText(IPHONE_13.goodPrice)
  await quoteForm(page).getByRole('button', { name: 'Add to basket' }).click()
  // A server just started opens its database and compiles the action on its first basket (most of a
  // minute on a busy two-core machine); after that, the usual wait.
  await expect(quoteForm(page).getByRole('status')).toHaveText(
    `${IPHONE_13.device} is in your basket. View your basket`,
    serverJustStarted ? { timeout: 60_000 } : {},
  )
  await expect(cartBadge(page)).toHaveText('1')
}
