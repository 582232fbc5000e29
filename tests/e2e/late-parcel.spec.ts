import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { PGlite } from '@electric-sql/pglite'
import { expect, test } from '@playwright/test'
import { STAFF_ACCOUNTS } from '../support/e2e-env'
import { ownData, startSiteCopy, stopAndWait, type SiteCopy } from '../support/site-copy'
import { readOutbox } from '../support/mail-messages'
import { linkIn, newestMailIn, pageAt } from './account-helpers'
import { violations } from './axe'
import { enrolTwoFactor, placeOrder, staffDoes, statusName } from './order-helpers'
import { addGoodIphone } from './sell-helpers'

// A parcel that reaches us after its price hold ended is valued at today's price and the seller asked
// to confirm (the seed's promise). PGlite serves one process: this test has a server of its own,
// and moves the clock by moving the orders' hold back (and their quotes up, as prices were higher
// then) while that server is stopped.
test.beforeEach(({}, testInfo) => test.skip(testInfo.project.name !== 'desktop', 'a server of its own: run once'))

const run = promisify(execFile)
const PORT = Number(process.env.E2E_PORT ?? 3100) + 63
// The manager's password is the e2e manager's, which the shared staff helper gives when paying asks for it again.
const MANAGER = { email: 'lee.late@e2e.example.com', password: STAFF_ACCOUNTS.manager.password, name: 'Lee Late' }
const IPHONE = 'Apple iPhone 13 128GB'
const REASON = 'It arrived after your price expired, so we valued it at today’s price.'

const { env: data, remove } = ownData('late-parcel-')
const env = { ...data, REGISTER_URL: '', REGISTER_STANDIN_PORT: String(PORT + 1000) }
let site: SiteCopy | undefined

test.afterAll(() => {
  site?.stop()
  remove()
})

test('a late parcel: valued at today’s price, the seller confirms (with scripts and without), ready to pay at it', async ({
  browser,
}) => {
  test.setTimeout(480_000)
  site = await startSiteCopy({ port: PORT, dist: '.next-late', env })
  const seller = await pageAt(browser, site.origin)
  const orders: Array<{ email: string; reference: string; scripts: boolean }> = []
  for (const scripts of [true, false]) {
    const email = `late.${scripts ? 'scripts' : 'plain'}.${Date.now()}@example.com`
    await addGoodIphone(seller, { serverJustStarted: orders.length === 0 })
    const { reference } = await placeOrder(seller, email)
    orders.push({ email, reference, scripts })
  }
  await stopAndWait(site)
  site = undefined

  // The operator's command makes a manager; then the clock moves: both holds ended yesterday, and
  // each was quoted at £134 when prices were higher (today's is the seed's £114).
  await run(
    'npm',
    ['run', 'staff:create', '--', '--email', MANAGER.email, '--role', 'manager', '--name', MANAGER.name],
    { env: { ...process.env, ...env } },
  )
  const db = new PGlite(env.PGLITE_DATA_DIR)
  await db.query(`update seller_order set hold_until = now() - interval '1 day', total_pence = 13400`)
  await db.query(`update order_item set price_pence = 13400`)
  await db.close()

  site = await startSiteCopy({ port: PORT, dist: '.next-late', env })
  const staff = await pageAt(browser, site.origin)
  await enrolTwoFactor(staff, MANAGER, undefined, env.MAIL_OUTBOX_DIR)

  for (const { email, reference, scripts } of orders) {
    // The minute job ends the hold first (its e-mail); the parcel comes in after all.
    await newestMailIn(env.MAIL_OUTBOX_DIR, email, /^The price for order .* is no longer held$/)
    await staffDoes(staff, reference, 'Mark received')
    const devices = staff.getByRole('region', { name: 'Devices' })
    await expect(devices).toContainText(/Received after its price hold ended on/)
    await expect(devices.getByRole('columnheader', { name: 'Price today' })).toBeVisible()
    await expect(devices.getByRole('row', { name: new RegExp(IPHONE) })).toContainText('£114')
    const history = staff.getByRole('region', { name: 'History' }).getByRole('listitem')
    await expect(history.filter({ hasText: 'Arrived after the price hold: valued at today’s prices' })).toHaveCount(1)
    await expect(history.filter({ hasText: `${IPHONE}: £134 → £114` })).toHaveCount(1)

    await staffDoes(staff, reference, 'Record the check', async () => {
      await staff.getByLabel('IMEI').fill('356938035643809')
    })
    await expect(history.filter({ hasText: 'Offered today’s price for a late parcel' })).toHaveCount(1)

    // One e-mail asks the seller to confirm, with the reason in the content's words.
    const offer = await newestMailIn(
      env.MAIL_OUTBOX_DIR,
      email,
      new RegExp(`^A new offer for your order ${reference}$`),
    )
    expect(offer.text).toContain(REASON)
    expect(offer.text).toContain(`${IPHONE}: £134, now £114`)
    const page = await pageAt(browser, site.origin, scripts)
    await page.goto(linkIn(offer, '/order-tracker-details?order='))
    await expect(page.getByText(REASON)).toBeVisible()
    await page.getByRole('button', { name: 'Accept £114' }).click()
    await expect(statusName(page)).toHaveText('Offer accepted')
    await expect(page.getByRole('row', { name: new RegExp(IPHONE) })).toContainText('£114')
    if (scripts) {
      // axe runs in the page, so only where scripts run; the plain page's markup is the same.
      await page.setViewportSize({ width: 375, height: 812 })
      expect(await violations(page)).toEqual([])
    }
    expect(
      (await readOutbox(env.MAIL_OUTBOX_DIR)).filter((m) => m.to === email && /new offer/.test(m.subject)),
    ).toHaveLength(1)

    // Ready to pay, at today's price: the manager pays £114.
    await staffDoes(staff, reference, 'Mark paid')
    const paid = await newestMailIn(env.MAIL_OUTBOX_DIR, email, new RegExp(`paid you for order ${reference}`))
    expect(paid.text).toContain('£114')
  }
  // The staff page, as staff read it: no WCAG failure with the late notice and its column.
  await staff.goto(`/admin/orders/${orders[0]!.reference}`)
  expect(await violations(staff)).toEqual([])
})
