import { expect, test } from '@playwright/test'
import { SEED_COPY_PATH, uniqueEmail } from '../support/e2e-env'
import { addSeedLine } from '../support/seed-copy'
import { linkIn, mailTo, ownAddress } from './account-helpers'

// In the after-all project (playwright.config.ts): the e-mail goes to everyone the site holds,
// which would add one to the e-mails other tests count. Alone: `--project=after-all --no-deps`.

/**
 * The privacy policy's promise, end to end: a confirmed subscriber is e-mailed once an editor
 * publishes a policy change ticked to be told, by the minute job, with its summary and the page.
 */
test('a published policy change ticked to be told is e-mailed with its summary and a link to the policy', async ({
  page,
}) => {
  // The jobs' first run comes 5 seconds after start, then one every JOBS_EVERY_SECONDS (5 s here).
  test.setTimeout(180_000)
  await ownAddress(page)
  const email = uniqueEmail('policy')
  await page.goto('/about')
  const strip = page.getByRole('region', { name: 'Get price alerts' })
  await strip.getByLabel('Your e-mail address').fill(email)
  await strip.getByRole('checkbox', { name: /I agree/ }).check()
  await strip.getByRole('button', { name: 'Subscribe' }).click()
  await expect(strip.getByRole('status')).toHaveText(/^Nearly there/)
  const confirm = await mailTo(email, /^Confirm your sign-up to Handback news$/)
  await page.goto(linkIn(confirm, '/confirm-subscription?token='))
  await page.getByRole('button', { name: 'Confirm' }).click()
  await expect(page.getByRole('status')).toHaveText(/^You are signed up\./)

  // An editor publishes a change taking effect in a week (the served seed copy gains the document).
  const id = `policy-change-e2e-${Date.now().toString(36)}`
  const changedOn = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10)
  const summary = `From ${changedOn} we keep contact messages for 90 days instead of 30 (${id}).`
  const unpublish = addSeedLine(SEED_COPY_PATH, {
    _id: id,
    _type: 'policyChange',
    page: { _type: 'reference', _ref: 'page-privacy-policy' },
    changedOn,
    summary,
    tellByEmail: true,
  })
  try {
    const told = await mailTo(email, /^Privacy policy: what changes on /, 0, 150_000)
    expect(told.text).toContain(summary)
    expect(linkIn(told, '/privacy-policy')).toBe('/privacy-policy')
  } finally {
    unpublish()
  }
})
