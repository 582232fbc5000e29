import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { ROUTES } from '../support/routes'

const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa']

async function violations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze()
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

for (const [path] of [...ROUTES, ['/no-such-page', '']]) {
  test(`${path} has no WCAG 2.2 A or AA violations`, async ({ page }) => {
    await page.goto(path!)
    expect(await violations(page)).toEqual([])
  })
}

test('open menus, drawer, search results and cart panel have no violations either', async ({ page }) => {
  await page.goto('/')
  const mobile = test.info().project.name === 'mobile'
  if (mobile) {
    await page.getByRole('button', { name: 'Open menu' }).click()
    await expect(page.getByRole('dialog', { name: 'Handback' })).toBeVisible()
    expect(await violations(page)).toEqual([])
    await page.keyboard.press('Escape')
    await page.getByRole('button', { name: 'Open search' }).click()
  } else {
    const nav = page.getByRole('navigation', { name: 'Main' })
    await nav.getByRole('button', { name: 'Show the Sell menu' }).click()
    await nav.getByRole('button', { name: 'Show the Sell My Phone menu' }).click()
    await expect(nav.getByRole('link', { name: 'Start now' }).first()).toBeVisible()
    expect(await violations(page)).toEqual([])
    await page.keyboard.press('Escape')
    await page.keyboard.press('Escape')
  }
  await page.getByRole('combobox', { name: 'Search for your device' }).fill('iphone')
  await expect(page.getByRole('option').first()).toBeVisible()
  expect(await violations(page)).toEqual([])
  await page.getByRole('combobox', { name: 'Search for your device' }).fill('')
  await page.getByRole('button', { name: 'Open your basket' }).click()
  await expect(page.getByRole('dialog', { name: 'Your basket (5)' })).toBeVisible()
  expect(await violations(page)).toEqual([])
})
