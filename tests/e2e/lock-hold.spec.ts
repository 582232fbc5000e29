import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { PGlite } from '@electric-sql/pglite'
import { expect, test, type Page } from '@playwright/test'
import { STAFF_ACCOUNTS } from '../support/e2e-env'
import { ownData, startSiteCopy, stopAndWait, type SiteCopy } from '../support/site-copy'
import { readOutbox } from '../support/mail-messages'
import { linkIn, newestMailIn, pageAt } from './account-helpers'
import { postPageForm, readPageForm } from './form-post'
import { violations } from './axe'
import { enrolTwoFactor, placeOrder, staffDoes } from './order-helpers'
import { addGoodIphone } from './sell-helpers'

// Locks held, not refused (the seed's promise): staff hold a received order for an activation lock
// (by the check's answer, or the lock panel's button), the seller follows the e-mail and says the lock is removed (with scripts and without), staff
// release the hold, check and pay; a third seller stays silent and the device goes back free at the
// deadline. PGlite serves one process: this test has a server of its own, and moves the clock by
// moving the hold's deadline back while that server is stopped.
test.beforeEach(({}, testInfo) => test.skip(testInfo.project.name !== 'desktop', 'a server of its own: run once'))

const run = promisify(execFile)
const PORT = Number(process.env.E2E_PORT ?? 3100) + 75
const MANAGER = { email: 'lou.locks@e2e.example.com', password: STAFF_ACCOUNTS.manager.password, name: 'Lou Locks' }
const IPHONE = 'Apple iPhone 13 128GB'

const { env: data, remove } = ownData('lock-hold-')
const env = { ...data, REGISTER_URL: '', REGISTER_STANDIN_PORT: String(PORT + 1000) }
let site: SiteCopy | undefined

test.afterAll(() => {
  site?.stop()
  remove()
})

/**
 * Staff hold the received order for its one device's lock, from the order's page: by the check's
 * answer that the lock is on (the checklist holds it), or by the lock panel's button.
 */
async function holdForLock(staff: Page, reference: string, from: 'check' | 'panel') {
  await staff.goto(`/admin/orders/${reference}`)
  const lock = staff.getByRole('region', { name: 'Activation lock' })
  if (from === 'check') {
    await staffDoes(
      staff,
      reference,
      'Record the check',
      async () => {
        await staff
          .getByRole('group', { name: /^Activation lock/ })
          .getByLabel(/^On/)
          .check()
        await staff.getByLabel('IMEI').fill('356938035643809')
      },
      'Held. The seller has been e-mailed how to remove the lock.',
    )
    const history = staff.getByRole('region', { name: 'History' }).getByRole('listitem')
    await expect(history.filter({ hasText: `${IPHONE}: On: the owner’s account is still signed in` })).toHaveCount(1)
    // Held, not checked: the check waits for the hold's release.
    await expect(staff.getByRole('region', { name: 'Devices' })).not.toContainText('What the check found')
  } else {
    await expect(lock.getByRole('checkbox', { name: IPHONE })).toBeChecked()
    await lock.getByRole('button', { name: 'Hold for the lock' }).click()
    await expect(staff.getByText('Held. The seller has been e-mailed how to remove the lock.')).toBeVisible()
  }
  await expect(lock).toContainText('Held for an activation lock since')
  await expect(lock).toContainText('The seller has not said the lock is removed yet.')
}

test('a lock held: the seller removes it (with scripts and without), staff check and pay; silent, it goes back free', async ({
  browser,
}) => {
  test.setTimeout(600_000)
  site = await startSiteCopy({ port: PORT, dist: '.next-locks', env })
  const seller = await pageAt(browser, site.origin)
  await expect((await seller.request.get('/add-to-cart')).status()).toBe(200)
  const orders: Array<{ email: string; reference: string; scripts: boolean | null }> = []
  for (const scripts of [true, false, null]) {
    const email = `lock.${scripts === null ? 'silent' : scripts ? 'scripts' : 'plain'}.${Date.now()}@example.com`
    await addGoodIphone(seller, { serverJustStarted: orders.length === 0 })
    const { reference } = await placeOrder(seller, email)
    orders.push({ email, reference, scripts })
  }
  await stopAndWait(site)
  site = undefined
  await run(
    'npm',
    ['run', 'staff:create', '--', '--email', MANAGER.email, '--role', 'manager', '--name', MANAGER.name],
    { env: { ...process.env, ...env } },
  )

  site = await startSiteCopy({ port: PORT, dist: '.next-locks', env })
  const staff = await pageAt(browser, site.origin)
  await enrolTwoFactor(staff, MANAGER, undefined, env.MAIL_OUTBOX_DIR)

  const links = new Map<string, string>()
  for (const [index, { email, reference }] of orders.entries()) {
    await staffDoes(staff, reference, 'Mark received')
    await holdForLock(staff, reference, index === 0 ? 'check' : 'panel')
    const mailed = await newestMailIn(
      env.MAIL_OUTBOX_DIR,
      email,
      new RegExp(`^Order ${reference}: please remove the activation lock$`),
    )
    expect(mailed.text).toContain(IPHONE)
    expect(mailed.text).toContain('icloud.com/find')
    links.set(reference, linkIn(mailed, '/order-tracker-details?order='))
  }

  // Someone else's press: a seller posts their own page's form naming another order's hold, or
  // with their link altered. Nothing is recorded; the other order still waits.
  const [first, second, silent] = orders as [(typeof orders)[0], (typeof orders)[0], (typeof orders)[0]]
  const stranger = await pageAt(browser, site.origin, false)
  const pathOf = (reference: string) => links.get(reference)!.replace(/#.*$/, '')
  const theirs = await readPageForm(stranger.request, pathOf(silent.reference), { button: 'I’ve removed the lock' })
  const forged = await postPageForm(
    stranger.request,
    pathOf(second.reference),
    { hold: theirs.hidden.hold! },
    { button: 'I’ve removed the lock' },
  )
  expect(forged.problems.map((problem) => problem.code)).toEqual(['sellerNotHeld'])
  const altered = await postPageForm(
    stranger.request,
    pathOf(second.reference),
    { token: `${decodeURIComponent(pathOf(silent.reference).split('order=')[1]!)}x` },
    { button: 'I’ve removed the lock' },
  )
  expect(altered.status).not.toBe(303)
  await staff.goto(`/admin/orders/${silent.reference}`)
  await expect(staff.getByRole('region', { name: 'Activation lock' })).toContainText(
    'The seller has not said the lock is removed yet.',
  )
  await expect(staff.getByRole('region', { name: 'History' })).not.toContainText('Seller said the lock is removed')

  for (const { email, reference, scripts } of [first, second]) {
    const mailedLink = links.get(reference)!
    // The seller follows the e-mail's button to their order's page and says the lock is off.
    const page = await pageAt(browser, site.origin, scripts === true)
    await page.goto(mailedLink)
    const panel = page.getByRole('region', { name: 'A device is still locked' })
    await expect(panel).toContainText(IPHONE)
    // axe runs in the page, so only where scripts run; the plain page's markup is the same.
    for (const width of scripts ? [375, 1280] : []) {
      await page.setViewportSize({ width, height: 900 })
      expect(await violations(page)).toEqual([])
    }
    await panel.getByRole('button', { name: 'I’ve removed the lock' }).click()
    await expect(
      page.getByText('Thank you. We will check the device again and carry on with your order.'),
    ).toBeVisible()
    await expect(page.getByRole('region', { name: 'A device is still locked' })).toContainText(
      'You told us the lock was removed at',
    )
    // The button is gone: a second press from this page cannot be made; the history has one press.
    await expect(page.getByRole('button', { name: 'I’ve removed the lock' })).toHaveCount(0)

    // Staff see it, check the device is unlocked, release the hold, record the check and pay.
    await staff.goto(`/admin/orders/${reference}`)
    const lock = staff.getByRole('region', { name: 'Activation lock' })
    await expect(lock).toContainText('Lock removed by seller at')
    for (const width of [375, 1280]) {
      await staff.setViewportSize({ width, height: 900 })
      expect(await violations(staff)).toEqual([])
    }
    const history = staff.getByRole('region', { name: 'History' }).getByRole('listitem')
    await expect(history.filter({ hasText: 'Seller said the lock is removed' })).toHaveCount(1)
    await lock.getByRole('button', { name: 'Lock is off: carry on with the check' }).click()
    await expect(staff.getByText('Released: check the device.')).toBeVisible()
    await expect(history.filter({ hasText: 'Lock hold released' })).toHaveCount(1)
    await staffDoes(staff, reference, 'Record the check', async () => {
      await staff.getByLabel('IMEI').fill('356938035643809')
    })
    await staffDoes(staff, reference, 'Mark paid')
    await newestMailIn(env.MAIL_OUTBOX_DIR, email, new RegExp(`paid you for order ${reference}`))
  }

  // The silent seller's deadline passes: the clock is moved while the server is stopped.
  // Waiting on its seller, it is out of the received list (the check queue) and in the locks view.
  await staff.goto(`/admin/orders?status=received&q=${silent.reference}`)
  await expect(staff.getByRole('link', { name: silent.reference })).toHaveCount(0)
  await staff.goto(`/admin/orders?view=locks`)
  await expect(staff.getByRole('link', { name: silent.reference })).toBeVisible()
  // Its timer is the seller's time to remove the lock, not a check running late.
  const silentRow = staff.getByRole('row').filter({ has: staff.getByRole('link', { name: silent.reference }) })
  await expect(silentRow).toContainText(/\d+ of 10 working days for the seller to remove the lock/)
  await expect(silentRow).not.toContainText('Late')
  await stopAndWait(site)
  site = undefined
  const db = new PGlite(env.PGLITE_DATA_DIR)
  await db.query(
    `update order_lock_hold set deadline = now() - interval '1 minute', remind_at = now() - interval '1 day'
     where order_id = (select id from seller_order where reference = $1)`,
    [silent.reference],
  )
  await db.close()
  site = await startSiteCopy({ port: PORT, dist: '.next-locks', env })
  const back = await newestMailIn(
    env.MAIL_OUTBOX_DIR,
    silent.email,
    new RegExp(`^We are sending back your device from order ${silent.reference}$`),
  )
  expect(back.text).toContain('activation lock')
  await staff.goto(`/admin/orders/${silent.reference}`)
  await expect(staff.getByRole('region', { name: 'History' })).toContainText(
    'Still locked at the deadline: to be sent back free',
  )
  await expect(staff.getByText('Being sent back').first()).toBeVisible()
  expect(
    (await readOutbox(env.MAIL_OUTBOX_DIR)).filter((m) => m.to === silent.email && /sending back/.test(m.subject)),
  ).toHaveLength(1)
})
