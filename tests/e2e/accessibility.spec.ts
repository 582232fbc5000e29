import { expect, test } from '@playwright/test'
import { ROUTES } from '../support/routes'
import { violations } from './axe'

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
  // A new visitor's basket is empty; the panel with devices in it is checked in sell-flow.spec.ts.
  await expect(page.getByRole('dialog', { name: 'Your basket (0)' })).toBeVisible()
  expect(await violations(page)).toEqual([])
})
