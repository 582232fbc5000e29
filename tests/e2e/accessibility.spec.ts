import { expect, test } from '@playwright/test'
import { violations } from './axe'
import { openDrawer } from './header-helpers'

// Every page in ROUTES is checked by axe where its layout is (routes.spec.ts): one visit each.
test('the not-found page has no WCAG 2.2 A or AA violations', async ({ page }) => {
  await page.goto('/no-such-page')
  expect(await violations(page)).toEqual([])
})

test('open menus, drawer, search results and cart panel have no violations either', async ({ page }) => {
  await page.goto('/')
  const mobile = test.info().project.name === 'mobile'
  if (mobile) {
    await openDrawer(page)
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
