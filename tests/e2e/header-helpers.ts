import { expect, type Page } from '@playwright/test'

/**
 * Opens the small-screen menu's drawer as a person does, and answers with it. The button is
 * server markup that works once the page has hydrated: a press that lands before then does nothing
 * (on a busy machine a full run lost one that way), so it is pressed again until the drawer shows.
 */
export async function openDrawer(page: Page) {
  const drawer = page.getByRole('dialog', { name: 'Handback' })
  await expect(async () => {
    if (!(await drawer.isVisible())) await page.getByRole('button', { name: 'Open menu' }).click()
    await expect(drawer).toBeVisible({ timeout: 2_000 })
  }).toPass({ timeout: 30_000 })
  return drawer
}
