import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { PGlite } from '@electric-sql/pglite'
import { expect, test, type Page } from '@playwright/test'
import { ownData, startSiteCopy, stopAndWait, type SiteCopy } from '../support/site-copy'
import { confirmEmail, newestMailIn, newSeller, pageAt, signUp } from './account-helpers'
import { violations } from './axe'
import { enrolTwoFactor, orderByPost } from './order-helpers'

test.beforeEach(({}, testInfo) => test.skip(testInfo.project.name !== 'desktop', 'a server of its own: run once'))

const run = promisify(execFile)
const PORT = Number(process.env.E2E_PORT ?? 3100) + 48
const MANAGER = { email: 'rita.retention@e2e.example.com', password: 'harbour lantern thistle', name: 'Rita Retention' }

// PGlite serves one process: this test has a database of its own, and moves its clock by moving
// the orders' dates back while its server is stopped (as a month, and seven years, passing).
const { env, remove } = ownData('order-retention-')
let site: SiteCopy | undefined

test.afterAll(() => {
  site?.stop()
  remove()
})

async function cancelFromOrderPage(page: Page, reference: string) {
  await page.goto('/profile')
  await page
    .getByRole('row', { name: new RegExp(reference) })
    .getByRole('link', { name: 'View order' })
    .click()
  await page.getByRole('button', { name: 'Cancel this order' }).click()
  await expect(page.getByText('Your order is cancelled.')).toBeVisible()
}

type Download = {
  orders: Array<{
    reference: string
    payout: { accountNumberEnding: string | null; bankDetailsHeld: string }
    contact: { name: string | null }
    history: Array<{ by: string; action: string }>
  }>
}

test('retention on a moved clock: bank details go a month after the order ends, the seller’s details after the tax years', async ({
  browser,
}) => {
  test.setTimeout(420_000)
  site = await startSiteCopy({ port: PORT, dist: '.next-retention', env })
  const seller = newSeller('retention')
  const page = await pageAt(browser, site.origin)
  await signUp(page, seller)
  await confirmEmail(
    page,
    await newestMailIn(env.MAIL_OUTBOX_DIR, seller.email, /^Confirm your e-mail address$/),
    seller.password,
  )
  await expect(page).toHaveURL(/\/profile\?notice=verified$/)
  const { reference: lastMonth } = await orderByPost(page, seller.email)
  const { reference: yearsAgo } = await orderByPost(page, seller.email)
  // Both end now (cancelled by the seller), so neither needs its bank details any more.
  await cancelFromOrderPage(page, lastMonth)
  await cancelFromOrderPage(page, yearsAgo)
  await stopAndWait(site)
  site = undefined

  // The operator's command makes a manager; then the clock moves: 31 days for one order, 7 years for the other.
  await run(
    'npm',
    ['run', 'staff:create', '--', '--email', MANAGER.email, '--role', 'manager', '--name', MANAGER.name],
    { env: { ...process.env, ...env } },
  )
  const db = new PGlite(env.PGLITE_DATA_DIR)
  const orderOf = `(select id from seller_order where reference = $1)`
  await db.query(`update order_event set at = at - interval '31 days' where order_id = ${orderOf}`, [lastMonth])
  await db.query(`update seller_order set status_since = status_since - interval '31 days' where reference = $1`, [
    lastMonth,
  ])
  await db.query(
    `update seller_order set placed_at = placed_at - interval '7 years', hold_until = hold_until - interval '7 years' where reference = $1`,
    [yearsAgo],
  )
  await db.query(`update order_event set at = at - interval '7 years' where order_id = ${orderOf}`, [yearsAgo])
  await db.query(`update seller_order set status_since = status_since - interval '7 years' where reference = $1`, [
    yearsAgo,
  ])
  await db.close()

  site = await startSiteCopy({ port: PORT, dist: '.next-retention', env })
  // The minute job runs by itself: the download shows what it left, once it has.
  let download: Download | undefined
  await expect
    .poll(
      async () => {
        await page.goto('/')
        download = (await (await page.request.get('/api/account/data')).json()) as Download
        return download.orders.find((order) => order.reference === lastMonth)?.payout.bankDetailsHeld
      },
      { timeout: 150_000, intervals: [5_000] },
    )
    .toBe('none')
  const kept = download!.orders.find((order) => order.reference === lastMonth)!
  // The last four digits stay with the order, and the seller's own details: only the bank details went.
  expect(kept.payout.accountNumberEnding).toBe('5678')
  expect(kept.contact.name).toBe('Jo Seller')
  expect(kept.history.at(-1)).toMatchObject({ by: 'system', action: 'remove-bank-details' })
  // The old order names its seller no more: it is not theirs to download.
  expect(download!.orders.map((order) => order.reference)).not.toContain(yearsAgo)

  // Staff see what is left.
  const staff = await pageAt(browser, site.origin)
  // The manager sets up the account from the invitation in this site's own outbox.
  await enrolTwoFactor(staff, MANAGER, undefined, env.MAIL_OUTBOX_DIR)
  await staff.goto(`/admin/orders/${yearsAgo}`)
  await expect(staff.getByRole('region', { name: 'Seller' })).toHaveText(/The seller’s details have been removed\./)
  await expect(staff.getByRole('region', { name: 'Seller' })).not.toContainText('Jo Seller')
  await expect(staff.getByRole('region', { name: 'Payout' })).not.toContainText('5678')
  await expect(staff.getByRole('region', { name: 'Payout' })).toContainText('The seller’s details have been removed.')
  const history = staff.getByRole('region', { name: 'History' }).getByRole('listitem')
  await expect(
    history.filter({ hasText: 'Automatic' }).filter({ hasText: 'Seller’s details removed, tax record kept' }),
  ).toHaveCount(1)
  await expect(history.filter({ hasText: 'Automatic' }).filter({ hasText: 'Bank details deleted' })).toHaveCount(1)
  expect(await violations(staff)).toEqual([])
  await staff.screenshot({ path: test.info().outputPath('staff-order-reduced-1280.png'), fullPage: true })

  await staff.goto(`/admin/orders/${lastMonth}`)
  const payout = staff.getByRole('region', { name: 'Payout' })
  await expect(payout).toContainText('We pay the account ending 5678')
  await expect(payout).toContainText('The full bank details were deleted, as the privacy policy says')
  await expect(payout.getByRole('button', { name: 'Show bank details' })).toHaveCount(0)
  await expect(staff.getByRole('region', { name: 'Seller' })).toContainText('Jo Seller')
  await staff.screenshot({ path: test.info().outputPath('staff-order-bank-removed-1280.png'), fullPage: true })
  await staff.setViewportSize({ width: 375, height: 812 })
  await staff.screenshot({ path: test.info().outputPath('staff-order-bank-removed-375.png'), fullPage: true })
  expect(await violations(staff)).toEqual([])

  // The privacy policy reads the same periods the job kept.
  await page.goto('/privacy-policy')
  await expect(page.getByText(/deleted 30 days after your order ends/)).toBeVisible()
  await expect(page.getByText(/6 years after the end of the tax year they relate to/)).toBeVisible()
})
