import { execFile } from 'node:child_process'
import { randomInt } from 'node:crypto'
import { promisify } from 'node:util'
import { PGlite } from '@electric-sql/pglite'
import { expect, test, type Page } from '@playwright/test'
import { ownData, startSiteCopy, stopAndWait, type SiteCopy } from '../support/site-copy'
import { ownAddress, pageAt } from './account-helpers'
import { violations } from './axe'
import { enrolTwoFactor, staffDoes, orderByPost } from './order-helpers'
import { IPHONE_13 } from './sell-helpers'

test.beforeEach(({}, testInfo) => test.skip(testInfo.project.name !== 'desktop', 'a server of its own: run once'))

const run = promisify(execFile)
const PORT = Number(process.env.E2E_PORT ?? 3100) + 61
const MANAGER = { email: 'quinn.queues@e2e.example.com', password: 'copper meadow lantern', name: 'Quinn Queues' }
const BULK = 1000
const PAGE = 50
const IMEI = '356938035643809'
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'

// PGlite serves one process: this test has a database of its own, filled with a thousand orders
// while its server is stopped (no path into the running server can do that: none exists).
const { env, remove } = ownData('order-queues-')
let site: SiteCopy | undefined

test.afterAll(() => {
  site?.stop()
  remove()
})

/** The copy's first requests open its database and render its pages: done before a test waits on them. */
async function started(options: Parameters<typeof startSiteCopy>[0]): Promise<SiteCopy> {
  const copy = await startSiteCopy(options)
  await expect(async () => {
    expect((await fetch(`${copy.origin}/api/health/ready`)).status).toBe(200)
  }).toPass({ timeout: 60_000 })
  await fetch(`${copy.origin}${IPHONE_13.path}`)
  return copy
}

const newReference = () => {
  const group = () => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')
  return `HB-${group()}-${group()}`
}

/**
 * A thousand received orders, each a copy of a real one placed through checkout with its own
 * reference, seller and device, that entered "received" four days ago, three at each
 * second (their ids break the ties).
 */
async function addReceivedOrders(dataDir: string, like: string): Promise<void> {
  const db = new PGlite(dataDir)
  const references = new Set<string>()
  while (references.size < BULK) references.add(newReference())
  await db.query(
    `insert into seller_order (reference, email, status, total_pence, placed_at, status_since, name, phone,
       address_line1, town, postcode, payout_method, payout_last4, marketing_consent, terms_revision,
       declarations, hold_until, postage_pack)
     select t.reference, 'bulk.' || t.n || '@example.com', 'received', src.total_pence,
       now() - interval '5 days', now() - interval '4 days' + (t.n / 3) * interval '1 second',
       'Bulk Seller ' || t.n, src.phone, t.n || ' Bulk Road', src.town, src.postcode, src.payout_method,
       src.payout_last4, false, src.terms_revision, src.declarations, src.hold_until, false
     from seller_order src, unnest($1::text[]) with ordinality as t(reference, n)
     where src.reference = $2`,
    [[...references], like],
  )
  await db.query(
    `insert into order_item (order_id, position, model_id, device, variant_key, grade_key, grade_name, answers,
       price_pence, catalogue_revision)
     select o.id, 1, i.model_id, i.device, i.variant_key, i.grade_key, i.grade_name, i.answers, i.price_pence,
       i.catalogue_revision
     from seller_order o, order_item i join seller_order s on s.id = i.order_id
     where s.reference = $1 and o.email like 'bulk.%'`,
    [like],
  )
  await db.query(
    `insert into order_event (order_id, actor, action, from_status, to_status, at)
     select id, 'seller', 'place', 'placed', 'placed', placed_at from seller_order where email like 'bulk.%'
     union all
     select id, 'system', 'receive', 'placed', 'received', status_since from seller_order where email like 'bulk.%'`,
  )
  const [{ count }] = (
    await db.query<{ count: number }>(`select count(*)::int as count from seller_order where status = 'received'`)
  ).rows as [{ count: number }]
  expect(count).toBe(BULK)
  await db.close()
}

const showing = (page: Page) =>
  page
    .getByRole('main')
    .getByRole('status')
    .filter({ hasText: /^Orders \d/ })
const references = (page: Page) => page.getByRole('table', { name: 'Orders' }).getByRole('rowheader').allTextContents()

/**
 * Every page of the list from where the page is, by its "Next page" links (or back by its "Previous
 * page" links): the orders of each page, after `between` had its turn on that page.
 */
async function follow(page: Page, link: 'Next page' | 'Previous page', between?: (pages: number) => Promise<void>) {
  const pages: string[][] = []
  for (;;) {
    const shown = await showing(page).textContent()
    pages.push(await references(page))
    await between?.(pages.length)
    const next = page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: link })
    if (!(await next.count())) return pages
    await next.click()
    await expect(showing(page)).not.toHaveText(shown!)
  }
}

async function shoot(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.screenshot({ path: test.info().outputPath(`${name}-1280.png`), fullPage: true })
  await page.setViewportSize({ width: 375, height: 812 })
  await page.screenshot({ path: test.info().outputPath(`${name}-375.png`), fullPage: true })
  await page.setViewportSize({ width: 1280, height: 800 })
}

test('staff page through a thousand orders and back, none missed or repeated while more arrive; an IMEI finds a device sent twice', async ({
  browser,
}) => {
  test.setTimeout(600_000)
  site = await started({ port: PORT, dist: '.next-queues', env })
  const seller = await pageAt(browser, site.origin)
  // One device sent twice, in two orders.
  const { reference: first } = await orderByPost(seller, 'twice.sent@example.com')
  const { reference: second } = await orderByPost(seller, 'again.sent@example.com')
  await stopAndWait(site)
  site = undefined

  await run(
    'npm',
    ['run', 'staff:create', '--', '--email', MANAGER.email, '--role', 'manager', '--name', MANAGER.name],
    { env: { ...process.env, ...env } },
  )
  await addReceivedOrders(env.PGLITE_DATA_DIR, first)

  site = await started({ port: PORT, dist: '.next-queues', env })
  const staff = await pageAt(browser, site.origin)
  // The manager sets up the account from the invitation in this site's own outbox.
  await enrolTwoFactor(staff, MANAGER, undefined, env.MAIL_OUTBOX_DIR)
  const buyer = await pageAt(browser, site.origin)
  const arrived: string[] = []
  /** A parcel arrives: a seller places an order and staff mark it received, in tabs of their own. */
  const arrive = async () => {
    const { reference } = await orderByPost(buyer, `arrived.${arrived.length}@example.com`)
    const desk = await staff.context().newPage()
    await staffDoes(desk, reference, 'Mark received')
    await desk.close()
    arrived.push(reference)
  }

  // The received queue, longest waiting first, from the staff home's filter.
  await staff.goto('/admin/orders')
  await staff.getByLabel('Status', { exact: true }).selectOption({ label: 'Device received' })
  await staff.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(staff).toHaveURL(/\/admin\/orders\?status=received/)
  await expect(showing(staff)).toHaveText('Orders 1 to 50 of 1,000')
  await expect(staff).toHaveTitle(/Orders 1 to 50 of 1,000/)
  expect(await violations(staff)).toEqual([])
  await shoot(staff, 'staff-orders')

  const forwards = await follow(staff, 'Next page', async (pages) => {
    if (pages === 3 || pages === 11) await arrive()
  })
  const seen = forwards.flat()
  // Every one of the thousand once, in order, then the two that arrived meanwhile (at the end: they
  // have waited least), each once.
  expect(forwards.slice(0, 20).map((rows) => rows.length)).toEqual(Array(20).fill(PAGE))
  expect(new Set(seen).size).toBe(seen.length)
  expect(seen).toHaveLength(BULK + 2)
  expect(seen.slice(BULK)).toEqual(arrived)
  await expect(showing(staff)).toHaveText('Orders 1,001 to 1,002 of 1,002')
  await shoot(staff, 'staff-orders-last')

  // Back to the start by "Previous page": the same pages, the same orders.
  const backwards = await follow(staff, 'Previous page')
  expect(backwards.reverse().flat()).toEqual(seen)
  await expect(showing(staff)).toHaveText('Orders 1 to 50 of 1,002')

  // Newest first: orders arriving on top while staff read on neither come back nor push any out.
  await staff.getByLabel('Show first', { exact: true }).selectOption({ label: 'Newest in their status' })
  await staff.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(staff).toHaveURL(/sort=newest/)
  const newest = (
    await follow(staff, 'Next page', async (pages) => {
      if (pages === 2) await arrive()
    })
  ).flat()
  expect(newest).toEqual([...seen].reverse())
  const newestBack = (await follow(staff, 'Previous page')).reverse().flat()
  expect(newestBack).toEqual([arrived[2], ...newest])

  // An edited page link starts the list again, and says so; it is never an error.
  const link = (await staff.getByRole('link', { name: 'Next page' }).getAttribute('href'))!
  const edited = link.replace(/page=([^&]+)/, (_, value: string) => `page=${value.slice(0, -3)}abc`)
  const answer = await staff.goto(edited)
  expect(answer?.status()).toBe(200)
  await expect(
    staff.getByText('That page link does not work any more, so the list starts again at the top.'),
  ).toBeVisible()
  await expect(showing(staff)).toHaveText('Orders 1 to 50 of 1,003')

  // The same device, checked in both orders: its IMEI finds both, and each order names the other.
  for (const reference of [first, second]) {
    await staffDoes(staff, reference, 'Mark received')
    await staffDoes(staff, reference, 'Record the check', async () => {
      await staff.getByLabel('IMEI').fill('35 693803 564380 9')
    })
  }
  await staff.goto('/admin/orders')
  await staff.getByLabel('Search by order number, e-mail, postcode, name or IMEI').fill(IMEI)
  await staff.getByRole('button', { name: 'Search', exact: true }).click()
  expect((await references(staff)).sort()).toEqual([first, second].sort())
  await expect(showing(staff)).toHaveText('Orders 1 to 2 of 2')
  await staff.getByRole('link', { name: first, exact: true }).click()
  const related = staff.getByRole('region', { name: 'Other orders that share something with this one' })
  const row = related.getByRole('row', { name: new RegExp(second) })
  await expect(row).toContainText(`Same device: ${IMEI}`)
  // Placed by one seller: the same bank account and address too, and the account is never shown.
  await expect(row).toContainText('Same bank account')
  await expect(row).toContainText('Same address')
  await expect(related).not.toContainText('12345678')
  await expect(related).not.toContainText('30-94-30')
  await row.getByRole('link', { name: second }).click()
  await expect(staff.getByRole('heading', { name: second, level: 1 })).toBeVisible()
  await expect(
    staff
      .getByRole('region', { name: 'Other orders that share something with this one' })
      .getByRole('row', { name: new RegExp(first) }),
  ).toContainText(`Same device: ${IMEI}`)
  expect(await violations(staff)).toEqual([])
  await shoot(staff, 'staff-order-related')

  // Without scripts: the form is a GET and the pages are links.
  const plain = await browser.newContext({
    baseURL: site.origin,
    javaScriptEnabled: false,
    storageState: await staff.context().storageState(),
  })
  const noScript = await plain.newPage()
  await ownAddress(noScript)
  await noScript.goto('/admin/orders')
  await noScript.getByLabel('Status', { exact: true }).selectOption({ label: 'Device received' })
  await noScript.getByLabel('Waiting', { exact: true }).selectOption({ label: 'Over one working day' })
  await noScript.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(noScript).toHaveURL(
    (url) => url.searchParams.get('status') === 'received' && url.searchParams.get('age') === 'over-working-day',
  )
  // The thousand entered their status four days ago, over a working day whatever the day; the
  // arrivals did not.
  await expect(showing(noScript)).toHaveText('Orders 1 to 50 of 1,000')
  await noScript.getByRole('link', { name: 'Next page' }).click()
  await expect(showing(noScript)).toHaveText('Orders 51 to 100 of 1,000')
  expect(await references(noScript)).toEqual(seen.slice(50, 100))
  await plain.close()
})
