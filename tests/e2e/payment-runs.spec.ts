import { readFile } from 'node:fs/promises'
import { expect, test, type APIRequestContext, type Download, type Page } from '@playwright/test'
import { readBankFile } from '../../web/payouts/bank/bank-file'
import { checkoutFields } from '../support/checkout-fields'
import { STAFF_ACCOUNTS, STAFF_RECHECK_SECONDS, testClientAddress, uniqueEmail } from '../support/e2e-env'
import { linkIn, mailTo } from './account-helpers'
import { violations } from './axe'
import { GOOD_IPHONE, visitor } from './basket-client'
import { readPageForm, sendPageForm } from './form-post'
import { checklistFields, ownImei, pressAsManager, REFERENCE, staffPage } from './order-helpers'

// A manager pays 50 orders with one payment run, at 1280 px where staff work: the file downloaded
// reads back to the same payees and amounts as the orders, one payment fails and is paid in a
// second run. Orders are placed and moved over HTTP, as a browser running no scripts posts the
// checkout and the staff forms, a few at a time: the same server actions, without a page per click.
test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'staff work at a desk: run once')
})

const PRICE_PENCE = 11_400
const ORDERS = 50

type Placed = { reference: string; email: string; holder: string; account: string }

/** One seller's order placed through checkout's own form, with bank details of their own. */
async function placeOne(request: APIRequestContext, index: number): Promise<Placed> {
  const address = testClientAddress()
  const headers = { 'x-forwarded-for': address }
  expect((await visitor(request, address).add(GOOD_IPHONE)).status).toBe(303)
  const form = await readPageForm(request, '/complete-order', { form: 'idempotencyKey', headers })
  const email = uniqueEmail(`run-${index}`)
  const holder = `Payee ${String.fromCharCode(65 + (index % 26))}${index} Ünïcode`
  const account = String(40_000_000 + index * 7919).slice(0, 8)
  const answer = await sendPageForm(
    request,
    '/complete-order',
    { ...form.hidden, ...checkoutFields(email), accountHolder: holder, accountNumber: account },
    { headers, origin: form.origin },
  )
  expect(answer.status, answer.problems.map((problem) => problem.code).join(' ')).toBe(303)
  const reference = decodeURIComponent(answer.location!).match(REFERENCE)![0]
  return { reference, email, holder, account }
}

/** Staff's move on one order, posted as its page's form: received, then checked with a register pass. */
async function staffMove(staff: APIRequestContext, reference: string, action: 'receive' | 'check') {
  const path = `/admin/orders/${reference}?action=${action}`
  const form = await readPageForm(staff, path, { form: 'expectedStatus' })
  const fields: Record<string, string> = { ...form.hidden }
  if (action === 'check') {
    const html = await (await staff.get(path)).text()
    const id = /name="imei-([0-9a-f-]+)"/.exec(html)![1]!
    Object.assign(fields, checklistFields(html), { [`imei-${id}`]: ownImei() })
  }
  const moved = await sendPageForm(staff, path, fields, { origin: form.origin })
  expect([moved.status, moved.location]).toEqual([303, `/admin/orders/${reference}?done=${action}`])
}

/** Orders ready to pay: placed by sellers, received and checked by staff, a few at a time. */
async function readyOrders(page: Page, staff: APIRequestContext, count: number): Promise<Placed[]> {
  const placed: Placed[] = []
  for (let start = 0; start < count; start += 5) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(5, count - start) }, async (_, offset) => {
        const seller = await page
          .context()
          .browser()!
          .newContext({ baseURL: new URL(page.url()).origin })
        try {
          const one = await placeOne(seller.request, start + offset)
          await staffMove(staff, one.reference, 'receive')
          await staffMove(staff, one.reference, 'check')
          return one
        } finally {
          await seller.close()
        }
      }),
    )
    placed.push(...batch)
  }
  return placed
}

/** Looks at the page at 1280 and 375 px (kept with the results), and asks axe at both. */
async function shoot(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 })
    await page.getByRole('main').screenshot({ path: test.info().outputPath(`${name}-${width}.png`) })
    expect(await violations(page)).toEqual([])
  }
  await page.setViewportSize({ width: 1280, height: 800 })
}

/** Downloads the run's bank file from its page, giving the password when asked. */
async function download(page: Page) {
  const section = page.getByRole('region', { name: 'Downloads' })
  const files: Download[] = []
  const take = (file: Download) => void files.push(file)
  page.on('download', take)
  try {
    await pressAsManager(
      section,
      () => section.getByRole('button', { name: 'Download the bank file' }).click(),
      async () => files.length > 0,
    )
  } finally {
    page.off('download', take)
  }
  const [file] = files
  return { name: file!.suggestedFilename(), text: await readFile((await file!.path())!, 'latin1') }
}

async function makeRun(page: Page, references: string[]) {
  await page.goto('/admin/payments/new')
  await expect(page.getByRole('heading', { name: 'New payment run', level: 1 })).toBeVisible()
  for (const reference of references) await page.getByLabel(`Include order ${reference}`).check()
  const made = page.getByText('Payment run made.')
  await pressAsManager(
    page.getByRole('main'),
    () => page.getByRole('button', { name: 'Make the payment run' }).click(),
    () => made.isVisible(),
  )
  await expect(made).toBeVisible()
  return page.url().match(/\/admin\/payments\/([0-9a-f-]{36})/)![1]!
}

test('a run of 50 orders: the file reads back to the same payees and pence; one fails and is paid in a second run', async ({
  browser,
}) => {
  test.setTimeout(600_000)
  const manager = await staffPage(browser, 'manager')
  const orders = await readyOrders(manager, manager.request, ORDERS)
  const references = orders.map((order) => order.reference)

  await manager.goto('/admin/payments/new')
  for (const reference of references) await expect(manager.getByLabel(`Include order ${reference}`)).toBeVisible()
  await shoot(manager, 'payment-run-new')
  const runId = await makeRun(manager, references)

  // The count and total to compare with the bank's screen, and the file's fingerprint.
  await expect(manager.locator('[data-run-count]')).toHaveText(String(ORDERS))
  await expect(manager.locator('[data-run-total]')).toHaveText('£5,700.00')
  const sha = await manager.locator('[data-run-sha]').textContent()
  await shoot(manager, 'payment-run')

  const file = await download(manager)
  expect(file.name).toMatch(/^PR-\d{6}-\d{4}-[2-9A-HJ-NP-Z]{3}\.txt$/)
  const { createHash } = await import('node:crypto')
  expect(createHash('sha256').update(file.text).digest('hex')).toBe(sha)
  const read = readBankFile(file.text)
  // The run's reference, whole, in the contra record: 18 characters, its random part kept.
  expect(`${read.runReference}.txt`).toBe(file.name)
  expect(read.contraPence).toBe(ORDERS * PRICE_PENCE)
  expect(read.payments.map((payment) => payment.reference).sort()).toEqual([...references].sort())
  for (const order of orders) {
    const payment = read.payments.find((one) => one.reference === order.reference)!
    expect(payment).toEqual({
      reference: order.reference,
      sortCode: '309430',
      accountNumber: order.account,
      // The holder's name in Bacs's characters: upper case, accents dropped, 18 at most.
      accountName: order.holder.toUpperCase().replace('ÜNÏCODE', 'UNICODE').slice(0, 18).trimEnd(),
      amountPence: PRICE_PENCE,
    })
  }
  await manager.reload()
  await expect(manager.getByRole('region', { name: 'Downloads' })).toContainText(STAFF_ACCOUNTS.manager.name)

  // In the run, the seller's bank details cannot change: the file holds them already.
  const failed = orders[7]!
  const seller = await (await browser.newContext()).newPage()
  const orderLink = linkIn(await mailTo(failed.email, /order/i), '/order-tracker-details')
  await seller.goto(orderLink)
  await expect(seller.getByRole('heading', { name: 'Your payment details' })).toHaveCount(0)
  const row = manager.locator(`tr[data-line="${failed.reference}"]`)
  await row.locator('summary').click()
  await row.getByLabel('Bank’s reason (kept in the order’s history)').fill('Account closed')
  await row.getByRole('button', { name: 'Mark failed' }).click()
  await expect(manager.getByText('Payment marked failed')).toBeVisible()
  await expect(manager.locator(`tr[data-line="${failed.reference}"]`)).toContainText('Failed: Account closed')
  const returned = await mailTo(failed.email, /did not go through/)
  const changeLink = linkIn(returned, '/order-tracker-details')
  expect(changeLink).toContain('#payout-change')
  // Now the seller can put their details right, from the e-mail's link.
  await seller.goto(changeLink)
  await expect(seller.getByRole('heading', { name: 'Your payment details' })).toBeVisible()

  await manager.getByRole('button', { name: 'Mark the run paid' }).click()
  await expect(manager.getByText('Marked paid')).toBeVisible()
  await expect(manager.getByRole('button', { name: 'Mark the run paid' })).toHaveCount(0)
  await expect(mailTo(orders[0]!.email, /paid you/)).resolves.toBeTruthy()
  await manager.goto(`/admin/orders/${orders[0]!.reference}`)
  await expect(manager.getByText('Paid (payment run)').first()).toBeVisible()

  // The failed one is ready again, and a second run pays it alone.
  const secondId = await makeRun(manager, [failed.reference])
  expect(secondId).not.toBe(runId)
  await expect(manager.locator('[data-run-count]')).toHaveText('1')
  await expect(manager.locator('[data-run-total]')).toHaveText('£114.00')
  const second = readBankFile((await download(manager)).text)
  expect(second.payments.map((payment) => [payment.reference, payment.amountPence])).toEqual([
    [failed.reference, PRICE_PENCE],
  ])
  const secondReference = (await manager.getByRole('heading', { level: 1 }).textContent())!.replace('Payment run ', '')
  await manager.goto('/admin/payments')
  // Newest first.
  await expect(manager.getByRole('row').nth(1)).toContainText(secondReference)
  await shoot(manager, 'payment-runs')
})

test('the file only for a manager, same-site, with a fresh re-check; the pages 404 to staff', async ({ browser }) => {
  test.setTimeout(240_000)
  const manager = await staffPage(browser, 'manager')
  const [order] = await readyOrders(manager, manager.request, 1)
  const origin = new URL(manager.url()).origin

  // The run made as a browser running no scripts makes it: the page's form, the order ticked, the password.
  const newRun = await readPageForm(manager.request, '/admin/payments/new', { button: 'Make the payment run' })
  let html = ''
  await expect
    .poll(async () => (html = await (await manager.request.get('/admin/payments/new')).text()))
    .toContain(`Include order ${order!.reference}`)
  // The order's tick box, as the page gives it to a browser without scripts: its name is what is posted.
  const box = html.match(/<input\b[^>]*>/g)!.find((input) => input.includes(`"Include order ${order!.reference}"`))!
  const orderField = /\bname="(order-[0-9a-f-]{36})"/.exec(box)![1]!
  // Made from two signed-in browsers at the same moment: one run gets the order, the other none.
  const twin = await browser.newContext({ storageState: await manager.context().storageState() })
  const post = (request: APIRequestContext) =>
    sendPageForm(
      request,
      '/admin/payments/new',
      { ...newRun.hidden, [orderField]: 'on', recheckPassword: STAFF_ACCOUNTS.manager.password },
      { origin },
    )
  const both = await Promise.all([post(manager.request), post(twin.request)])
  const made = both.find((answer) => answer.status === 303)!
  expect(made, both.map((answer) => answer.problems.map((problem) => problem.code)).join(' ')).toBeDefined()
  const other = both.find((answer) => answer !== made)!
  expect([other.status, other.problems.map((problem) => problem.code)]).toEqual([200, ['noneLeft']])
  await twin.close()
  const runId = /^\/admin\/payments\/([0-9a-f-]{36})\?done=made$/.exec(made.location!)![1]!
  // The same post again (a double click, the back button): the order is in the run already.
  const again = await sendPageForm(
    manager.request,
    '/admin/payments/new',
    { ...newRun.hidden, [orderField]: 'on', recheckPassword: STAFF_ACCOUNTS.manager.password },
    { origin },
  )
  expect([again.status, again.problems.map((problem) => problem.code)]).toEqual([200, ['noneLeft']])
  const filePath = `/admin/payments/${runId}/file`

  // Staff: the pages and the file are not there for them, and forging the forms changes nothing.
  const staff = await staffPage(browser, 'staff')
  // The home offers the runs to managers only.
  await manager.goto('/admin')
  await expect(manager.getByRole('link', { name: 'Payment runs' })).toBeVisible()
  await staff.goto('/admin')
  await expect(staff.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(staff.getByRole('link', { name: 'Payment runs' })).toHaveCount(0)
  for (const path of ['/admin/payments', '/admin/payments/new', `/admin/payments/${runId}`]) {
    expect((await staff.request.get(path)).status(), path).toBe(404)
  }
  expect((await staff.request.post(filePath, { headers: { origin }, maxRedirects: 0 })).status()).toBe(404)
  const markForm = await readPageForm(manager.request, `/admin/payments/${runId}`, { form: 'mark' })
  const forged = await sendPageForm(staff.request, `/admin/payments/${runId}`, { ...markForm.hidden }, { origin })
  expect(forged.status).toBe(404)
  // Someone signed in as no one at all.
  const anonymous = await (
    await browser.newContext()
  ).request.post(`${origin}${filePath}`, {
    headers: { origin },
    maxRedirects: 0,
  })
  expect(anonymous.status()).toBe(404)

  // Another site's post, with the manager's own cookies: a 404, no file, nothing recorded.
  const crossSite = await manager.request.post(filePath, {
    headers: { origin: 'https://evil.example' },
    form: { recheckPassword: STAFF_ACCOUNTS.manager.password },
    maxRedirects: 0,
  })
  // Refused before the route runs, as every cross-site post is (web/proxy.ts).
  expect(crossSite.status()).toBe(403)
  expect(crossSite.headers()['content-disposition']).toBeUndefined()
  const noOrigin = await manager.request.post(filePath, { headers: { origin: 'null' }, maxRedirects: 0 })
  expect(noOrigin.status()).not.toBe(200)
  expect(noOrigin.headers()['content-disposition']).toBeUndefined()

  // A stale re-check: sent back to the run's page for the password; a wrong one too.
  await manager.waitForTimeout((STAFF_RECHECK_SECONDS + 1) * 1000)
  const stale = await manager.request.post(filePath, { headers: { origin }, maxRedirects: 0 })
  expect([stale.status(), stale.headers().location]).toEqual([
    303,
    `/admin/payments/${runId}?download=recheckNeeded#download`,
  ])
  expect(stale.headers()['content-disposition']).toBeUndefined()
  const wrong = await manager.request.post(filePath, {
    headers: { origin },
    form: { recheckPassword: 'not my password at all' },
    maxRedirects: 0,
  })
  expect(wrong.headers().location).toBe(`/admin/payments/${runId}?download=recheckWrong#download`)
  await manager.goto(`/admin/payments/${runId}`)
  await expect(manager.getByRole('region', { name: 'Downloads' })).toContainText('Nobody has downloaded the file yet.')

  // With the password, the file: an attachment, never cached.
  const fresh = await manager.request.post(filePath, {
    headers: { origin },
    form: { recheckPassword: STAFF_ACCOUNTS.manager.password },
    maxRedirects: 0,
  })
  expect(fresh.status()).toBe(200)
  expect(fresh.headers()['cache-control']).toBe('no-store')
  expect(fresh.headers()['content-disposition']).toMatch(/^attachment; filename="PR-/)
  expect(readBankFile(await fresh.text()).payments.map((payment) => payment.reference)).toEqual([order!.reference])

  // Marked paid without scripts, twice: the second changes nothing and says so.
  const markPaid = await readPageForm(manager.request, `/admin/payments/${runId}`, { form: 'mark' })
  const paid = await sendPageForm(manager.request, `/admin/payments/${runId}`, markPaid.hidden, { origin })
  expect([paid.status, paid.location]).toEqual([303, `/admin/payments/${runId}?done=paid`])
  const twice = await sendPageForm(manager.request, `/admin/payments/${runId}`, markPaid.hidden, { origin })
  expect([twice.status, twice.problems.map((problem) => problem.code)]).toEqual([200, ['alreadyMarked']])
  await expect(mailTo(order!.email, /paid you/)).resolves.toBeTruthy()
  await expect(mailTo(order!.email, /paid you/, 1, 2_000)).rejects.toThrow()
})

// Paying is a manager's: plain staff, signed in with two-step login, forge the manager's own forms
// (the server actions' hidden fields, read from a manager's page) and post them over HTTP.
test('plain staff posting a manager’s moves over HTTP: "Mark paid", a run and "Mark the run paid" are refused, nothing changes', async ({
  browser,
}) => {
  test.setTimeout(300_000)
  const manager = await staffPage(browser, 'manager')
  const staff = await staffPage(browser, 'staff')
  const [order, inRun] = await readyOrders(manager, manager.request, 2)
  const staffPassword = { recheckPassword: STAFF_ACCOUNTS.staff.password }

  // "Mark paid" on one order: the manager's form, sent with the staff member's session.
  const payPath = `/admin/orders/${order!.reference}?action=pay`
  const payForm = await readPageForm(manager.request, payPath, { form: 'expectedStatus' })
  expect(payForm.hidden).toMatchObject({ action: 'pay', expectedStatus: 'checked' })
  const paid = await sendPageForm(
    staff.request,
    payPath,
    { ...payForm.hidden, ...staffPassword },
    {
      origin: payForm.origin,
    },
  )
  expect([paid.status, paid.problems.map((problem) => problem.code)]).toEqual([200, ['notAllowed']])

  // A payment run of every order ready: the manager's form again.
  const runForm = await readPageForm(manager.request, '/admin/payments/new', { button: 'Make the payment run' })
  const run = await sendPageForm(
    staff.request,
    '/admin/payments/new',
    { ...runForm.hidden, all: 'on', ...staffPassword },
    {
      origin: runForm.origin,
    },
  )
  expect(run.status).toBe(404)
  expect(run.location).toBeNull()

  // Nothing changed: both orders still ready, neither paid nor in a run, no e-mail.
  await manager.goto('/admin/payments/new')
  for (const one of [order!, inRun!]) await expect(manager.getByLabel(`Include order ${one.reference}`)).toBeVisible()
  await manager.goto(`/admin/orders/${order!.reference}`)
  await expect(manager.getByText('Paid (payment run)')).toHaveCount(0)
  await expect(mailTo(order!.email, /paid you/, 1, 2_000)).rejects.toThrow()

  // "Mark the run paid" on a manager's run: refused to staff, the run still open.
  const runId = await makeRun(manager, [inRun!.reference])
  const markForm = await readPageForm(manager.request, `/admin/payments/${runId}`, { form: 'mark' })
  const marked = await sendPageForm(staff.request, `/admin/payments/${runId}`, markForm.hidden, {
    origin: markForm.origin,
  })
  expect(marked.status).toBe(404)
  await manager.goto(`/admin/payments/${runId}`)
  await expect(manager.getByRole('button', { name: 'Mark the run paid' })).toBeVisible()
  await expect(mailTo(inRun!.email, /paid you/, 1, 2_000)).rejects.toThrow()
})
