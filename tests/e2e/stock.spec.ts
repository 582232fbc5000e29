import { readFileSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { PDFDocument } from 'pdf-lib'
import { parseCsv } from '@/lib/csv'
import { uniqueEmail } from '../support/e2e-env'
import { linkIn, mailTo, newSeller, ownAddress, signUp } from './account-helpers'
import { violations } from './axe'
import { confirmationMail, staffDoes, staffPage, orderByPost } from './order-helpers'

// A bought device's life in stock: paid, it is in stock with a number; it cannot be listed until an
// erasure passed; the tool's report is imported by IMEI; it is shelved and sold, each move in its
// history; a stranger cannot import a report. Staff work at 1280 px; the pages are axe-clean at 375 too.
test.beforeAll(({}, testInfo) =>
  test.skip(testInfo.project.name !== 'desktop', 'staff work at desktop width: run once'),
)

/** A valid IMEI of our own (Luhn check digit), so no other test's device shares it. */
function freshImei(): string {
  const body = `35${String(Date.now()).slice(-8)}${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`
  const sum = [...body].reverse().reduce((total, char, index) => {
    const digit = Number(char) * (index % 2 === 0 ? 2 : 1)
    return total + (digit > 9 ? digit - 9 : digit)
  }, 0)
  return `${body}${(10 - (sum % 10)) % 10}`
}

function report(imei: string, id: string, result = 'Passed') {
  return JSON.stringify({
    report: {
      id,
      tool: { name: 'WipeSure Mobile', version: '5.2.1' },
      operator: { name: 'Robin Bench' },
      finished: '2026-11-27T10:09:45Z',
      device: { make: 'Apple', model: 'iPhone 13', imei, mediaType: 'Flash, 128 GB' },
      erasure: { level: 'NIST Purge', technique: 'Cryptographic erase', verification: 'Full verification', result },
    },
  })
}

async function paidDevice(page: Page, browser: import('@playwright/test').Browser, imei: string) {
  await ownAddress(page)
  const email = uniqueEmail('stock')
  const { reference } = await orderByPost(page, email)
  const staff = await staffPage(browser)
  await staffDoes(staff, reference, 'Mark received')
  await staffDoes(staff, reference, 'Record the check', async () => {
    await staff.getByLabel('IMEI').fill(imei)
  })
  const manager = await staffPage(browser, 'manager')
  await staffDoes(manager, reference, 'Mark paid')
  return { reference, manager, email }
}

async function importReport(page: Page, name: string, body: string) {
  await page.goto('/admin/stock')
  await page
    .getByLabel('Report (JSON or XML)')
    .setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(body) })
  await page.getByRole('button', { name: 'Import', exact: true }).click()
}

/** A download's CSV as a spreadsheet reads it: rows of cells, the byte order mark dropped. */
async function downloaded(page: Page, press: () => Promise<void>): Promise<string[][]> {
  const [download] = await Promise.all([page.waitForEvent('download'), press()])
  const text = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '')
  return parseCsv(text)
}

/**
 * The seller's certificate, from the e-mail the erasure sent: its check page shows the device's
 * facts and nothing of the seller, its PDF is the same certificate, a number changed by one digit is
 * not found (404), and the seller's order page lists it. Axe-clean at 1280 and 375 px.
 */
async function certificateReadBack(page: Page, seller: { email: string; imei: string }) {
  const mail = await mailTo(seller.email, /^Your data is erased: certificate /, 0, 20_000)
  const number = mail.subject.match(/[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}$/)![0]
  expect(mail.text).toContain('We have erased the Apple iPhone 13 128GB you sold us in order')
  await page.goto(linkIn(mail, `/certificates/${number}`))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Data-erasure certificate')
  const fact = (label: string) => page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]')
  await expect(fact('Certificate number')).toHaveText(number)
  await expect(fact('Device')).toHaveText('Apple iPhone 13 128GB')
  await expect(fact('IMEI or serial ending in')).toHaveText(seller.imei.slice(-4))
  await expect(fact('Standard and level')).toHaveText('NIST SP 800-88 Purge')
  await expect(fact('Erasure tool')).toHaveText('WipeSure Mobile 5.2.1')
  await expect(fact('Result')).toHaveText('Passed')
  const main = page.getByRole('main')
  await expect(main).toContainText('This certificate is genuine')
  await expect(main).not.toContainText('Jo Seller')
  await expect(main).not.toContainText('Mill Lane')
  await expect(main).not.toContainText(seller.imei)
  await expect(page.getByRole('link', { name: 'Download this certificate (PDF)' })).toHaveAttribute(
    'href',
    `/certificates/${number}/pdf`,
  )

  // The PDF, from the e-mail's second button: the same certificate, checked where its foot says.
  const response = await page.request.get(linkIn(mail, `/certificates/${number}/pdf`))
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toBe('application/pdf')
  const pdf = await PDFDocument.load(await response.body())
  expect(pdf.getTitle()).toBe(`Data-erasure certificate ${number}`)
  expect(pdf.getSubject()).toBe(number)
  expect(pdf.getAuthor()).toBe('Handback')
  expect(pdf.getPageCount()).toBe(1)

  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 })
    expect(await violations(page), `certificate page at ${width}`).toEqual([])
    await page.screenshot({ path: test.info().outputPath(`certificate-${width}.png`), fullPage: true })
  }

  // Typed as a person reads it (lower case, no dashes), the check form finds it; changed by one digit, not.
  const check = page.getByRole('form', { name: 'Check another certificate' })
  await check.getByLabel('Certificate number').fill(number.replaceAll('-', '').toLowerCase())
  await check.getByRole('button', { name: 'Check' }).click()
  await expect(page).toHaveURL(new RegExp(`/certificates/${number}$`))
  const last = number.at(-1)!
  const changed = number.slice(0, -1) + (last === '0' ? '1' : '0')
  await check.getByLabel('Certificate number').fill(changed)
  await check.getByRole('button', { name: 'Check' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('No certificate has this number')
  await expect(page.getByRole('main')).not.toContainText('Apple iPhone 13')
  expect(await violations(page), 'certificate not found').toEqual([])
  expect((await page.request.get(`/certificates/${changed}`)).status()).toBe(404)
  expect((await page.request.get(`/certificates/${changed}/pdf`)).status()).toBe(404)
  expect((await page.request.get('/certificates/not-a-number')).status()).toBe(404)

  // The seller's own order page lists it.
  await page.goto(linkIn(await confirmationMail(seller.email), '/order-tracker-details'))
  const listed = page.getByRole('region', { name: 'Data-erasure certificates' })
  await expect(listed.getByRole('link', { name: `Apple iPhone 13 128GB: certificate ${number}` })).toHaveAttribute(
    'href',
    `/certificates/${number}`,
  )
  await page.setViewportSize({ width: 375, height: 900 })
  expect(await violations(page), 'order page with a certificate at 375').toEqual([])
}

/**
 * On the seller's paid order's page: the purchase invoice, a PDF naming the order as its number.
 * Without the seller's link, or with a damaged one, there is none.
 */
async function invoiceReadBack(page: Page, manager: Page, reference: string) {
  const link = page.getByRole('link', { name: 'Download your purchase invoice (PDF)' })
  const response = await page.request.get((await link.getAttribute('href'))!)
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toBe('application/pdf')
  expect(response.headers()['cache-control']).toBe('private, no-store')
  const pdf = await PDFDocument.load(await response.body())
  expect(pdf.getTitle()).toBe(`Purchase invoice ${reference}`)
  expect(pdf.getSubject()).toBe(reference)
  for (const stranger of ['/order-tracker-details/invoice', '/order-tracker-details/invoice?order=forged.token']) {
    expect((await page.request.get(stranger)).status(), stranger).toBe(404)
  }
  // Staff open the same invoice from the order's staff page; the seller cannot open staff's address.
  const orderPage = await manager.context().newPage()
  await orderPage.goto(`/admin/orders/${reference}`)
  const staffLink = orderPage.getByRole('link', { name: 'Purchase invoice (PDF)' })
  const staffCopy = await orderPage.request.get((await staffLink.getAttribute('href'))!)
  await orderPage.close()
  expect(staffCopy.headers()['content-type']).toBe('application/pdf')
  expect((await PDFDocument.load(await staffCopy.body())).getTitle()).toBe(`Purchase invoice ${reference}`)
  expect((await page.request.get(`/admin/orders/${reference}/invoice`)).status()).toBe(404)
}

/** The manager's records: the stock book reads back the sale's margin in pence; the register, asked for the device, names its seller, and the download is itself listed. */
async function recordsReadBack(manager: Page, device: { number: string; imei: string; reference: string }) {
  await manager.goto('/admin/stock')
  await manager.getByRole('link', { name: 'Records for the police and the accountant' }).click()
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date())
  const book = manager.getByRole('form', { name: 'VAT margin scheme stock book' })
  await book.getByLabel('From (first day)').fill(today)
  await book.getByLabel('To (last day)').fill(today)
  const rows = await downloaded(manager, () =>
    book.getByRole('button', { name: 'Download the stock book (CSV)' }).click(),
  )
  expect(rows[0]).toEqual([
    'Stock number',
    'Date bought',
    'Price paid (£)',
    'Seller',
    'Description',
    'Date sold',
    'Price sold (£)',
    'Buyer',
    'Margin (£)',
  ])
  const sold = rows.find((row) => row[0] === device.number)!
  expect(sold.slice(3, 8)).toEqual([
    'Jo Seller',
    `Apple iPhone 13 128GB, Good, IMEI or serial ${device.imei}`,
    today,
    '239.50',
    'Phone Resale Ltd',
  ])
  const pence = (pounds: string) => Math.round(Number(pounds) * 100)
  expect(pence(sold[8]!)).toBe(23_950 - pence(sold[2]!))

  // The register without a reason is sent back, the summary focused and linking to the field.
  const register = manager.getByRole('form', { name: 'Purchase register' })
  await register.getByLabel('IMEI or serial (optional)').fill(device.imei)
  await register.getByRole('button', { name: 'Download the register (CSV)' }).click()
  const summary = manager.getByRole('form', { name: 'Purchase register' }).getByRole('alert')
  await expect(summary).toBeFocused()
  await summary.getByRole('link', { name: /Enter the police reference/ }).click()
  await expect(manager.getByLabel('Police reference or reason')).toBeFocused()
  await manager.getByLabel('IMEI or serial (optional)').fill(device.imei)
  await manager.getByLabel('Police reference or reason').fill('PC Jones, crime ref 42/1234')
  const found = await downloaded(manager, () =>
    manager.getByRole('button', { name: 'Download the register (CSV)' }).click(),
  )
  expect(found).toHaveLength(2)
  expect(found[1]).toEqual([
    device.number,
    today,
    device.reference,
    'Jo Seller',
    '12 Mill Lane, Leeds, LS1 4AP',
    'Not asked',
    'Apple iPhone 13 128GB',
    device.imei,
    expect.stringMatching(/^\d+\.\d\d$/),
  ])
  await manager.reload()
  const made = manager.getByRole('row').filter({ hasText: 'PC Jones, crime ref 42/1234' })
  await expect(made).toContainText('Morgan Manager')
  await expect(made).toContainText(`Device ${device.imei}`)
  await expect(made.getByRole('cell').last()).toHaveText('1')
}

test('paid, in stock; erased by its report; shelved and sold, each move in its history', async ({ page, browser }) => {
  test.setTimeout(240_000)
  const imei = freshImei()
  const { reference, manager, email } = await paidDevice(page, browser, imei)

  // Found by its order's reference once the minute job has taken it into stock.
  const row = manager.getByRole('row').filter({ hasText: reference })
  await expect(async () => {
    await manager.goto('/admin/stock')
    await manager.getByLabel('Stock number, IMEI or order reference').fill(reference)
    await manager.getByRole('button', { name: 'Find', exact: true }).click()
    await expect(row).toContainText('Apple iPhone 13', { timeout: 1_000 })
  }).toPass({ timeout: 90_000, intervals: [2_000] })
  await expect(row).toContainText(imei)
  await expect(row).toContainText('In stock')
  await expect(row).toContainText('Not erased yet')
  const number = (await row.getByRole('link').textContent())!
  expect(number).toMatch(/^S-\d{6,}$/)
  await row.getByRole('link', { name: number }).click()
  await expect(manager.getByRole('heading', { level: 1 })).toHaveText(`${number}: Apple iPhone 13 128GB`)
  const history = manager.getByRole('region', { name: 'History' })
  await expect(history).toContainText('Taken into stock · the site')

  // Not erased: it cannot go on sale, and nothing changes.
  await manager.getByRole('button', { name: 'List for sale' }).click()
  await expect(manager.locator('[data-notice]')).toHaveText(/^Record a passed erasure first/)
  await expect(manager.locator('[data-notice]')).toBeFocused()
  await manager.reload()
  await expect(history.getByRole('listitem')).toHaveCount(1)

  // The tool's report, imported from the stock page, finds the device by its IMEI; again, it says so.
  await importReport(manager, 'erasure.json', report(imei, `WS-${imei}`))
  await expect(manager.getByRole('heading', { level: 1 })).toHaveText(`${number}: Apple iPhone 13 128GB`)
  await expect(manager.getByRole('status')).toHaveText('Erasure recorded.')
  await expect(manager.getByRole('region', { name: 'Erasures' })).toContainText(
    'NIST Purge (Cryptographic erase): passed. WipeSure Mobile 5.2.1, run by Robin Bench',
  )
  await importReport(manager, 'erasure.json', report(imei, `WS-${imei}`))
  await expect(manager.getByRole('status')).toHaveText('That report was recorded before. Nothing changed.')
  await expect(manager.getByRole('region', { name: 'Erasures' }).getByRole('listitem')).toHaveCount(1)
  await certificateReadBack(page, { email, imei })
  await invoiceReadBack(page, manager, reference)

  // Shelved, then sold: a sale without its price is sent back with the field named.
  await manager.getByLabel('Location (shelf or bin)').fill('Shelf A3')
  await manager.getByRole('button', { name: 'Shelve', exact: true }).click()
  await expect(manager.getByRole('status')).toHaveText(`${number} is now In stock.`)
  const sell = manager.getByRole('form', { name: 'Sell' })
  await sell.getByLabel('Buyer').fill('Phone Resale Ltd')
  await sell.getByRole('button', { name: 'Record the sale' }).click()
  await expect(
    sell.getByRole('alert').getByRole('link', { name: 'Enter the price in pounds, for example 240 or 239.50.' }),
  ).toBeVisible()
  await sell.getByLabel('Price in pounds').fill('239.50')
  await sell.getByRole('button', { name: 'Record the sale' }).click()
  await expect(manager.getByRole('status')).toHaveText(`${number} is now Sold.`)
  await expect(history.getByRole('listitem').first()).toContainText(
    'Sold to Phone Resale Ltd for £239.50 · Morgan Manager',
  )
  await expect(history).toContainText('Shelved at Shelf A3 · Morgan Manager')
  // Gone: no more moves or erasures are offered.
  await expect(manager.getByRole('button', { name: 'Record the sale' })).toHaveCount(0)
  await expect(manager.getByRole('button', { name: 'Record the erasure' })).toHaveCount(0)

  await recordsReadBack(manager, { number, imei, reference })

  for (const width of [1280, 375]) {
    await manager.setViewportSize({ width, height: 900 })
    expect(await violations(manager), `device page at ${width}`).toEqual([])
    await manager.screenshot({ path: test.info().outputPath(`stock-device-${width}.png`), fullPage: true })
    await manager.goto('/admin/stock')
    expect(await violations(manager), `stock page at ${width}`).toEqual([])
    await manager.screenshot({ path: test.info().outputPath(`stock-list-${width}.png`), fullPage: true })
    await manager.goto('/admin/stock/records')
    expect(await violations(manager), `records page at ${width}`).toEqual([])
    await manager.screenshot({ path: test.info().outputPath(`stock-records-${width}.png`), fullPage: true })
    await manager.goto(`/admin/stock/${number}`)
  }
})

test('without scripts: an erasure typed from the screen, and a device listed for sale', async ({ page, browser }) => {
  test.setTimeout(240_000)
  const imei = freshImei()
  const { reference, email } = await paidDevice(page, browser, imei)
  const context = await browser.newContext({ javaScriptEnabled: false })
  const staff = await context.newPage()
  await staff.context().addCookies(await (await staffPage(browser)).context().cookies())
  await expect(async () => {
    await staff.goto(`/admin/stock?q=${reference}`)
    await expect(staff.getByRole('row').filter({ hasText: reference })).toHaveCount(1, { timeout: 1_000 })
  }).toPass({ timeout: 90_000, intervals: [2_000] })
  await staff.getByRole('row').filter({ hasText: reference }).getByRole('link').click()
  const erasure = staff.getByRole('form', { name: 'Record an erasure' })
  await erasure.getByRole('button', { name: 'Record the erasure' }).click()
  await expect(
    staff.getByRole('alert').filter({ hasText: 'Erasure tool: Enter this as the tool gives it.' }),
  ).toBeVisible()
  // Too long is said as too long, with what was typed kept to shorten.
  await erasure.getByLabel('Erasure tool').fill('W'.repeat(201))
  await erasure.getByRole('button', { name: 'Record the erasure' }).click()
  await expect(
    staff.getByRole('alert').filter({ hasText: 'Erasure tool: This must be 200 characters or fewer' }),
  ).toBeVisible()
  await erasure.getByLabel('Erasure tool').fill('WipeSure Mobile')
  await erasure.getByLabel('Its version').fill('5.2.1')
  await erasure.getByLabel('The report’s id').fill(`HAND-${imei}`)
  await erasure.getByLabel('Run by').fill('Robin Bench')
  await erasure.getByLabel('Finished at').fill('2026-11-27T10:09')
  await erasure.getByLabel('Storage (type and size)').fill('Flash, 128 GB')
  await erasure.getByLabel('Technique').fill('Cryptographic erase')
  await erasure.getByLabel('How it was verified').fill('Full verification')
  await erasure.getByRole('button', { name: 'Record the erasure' }).click()
  await expect(staff.getByRole('status')).toHaveText('Erasure recorded.')
  // Typed by hand, the erasure is certified as well: the seller's e-mail opens it, without scripts too.
  const mail = await mailTo(email, /^Your data is erased: certificate /, 0, 20_000)
  await staff.goto(linkIn(mail, '/certificates/'))
  await expect(staff.locator('dt', { hasText: 'Erased on' }).locator('xpath=following-sibling::dd[1]')).toHaveText(
    /^Friday,? 27 November 2026$/,
  )
  await staff.goBack()
  await staff.getByRole('button', { name: 'List for sale' }).click()
  await expect(staff.getByRole('status')).toHaveText(/is now Listed for sale\.$/)
  await expect(staff.getByRole('button', { name: 'Take off sale' })).toBeVisible()
})

test('a visitor or a seller posting a report gets 404, and nothing is recorded', async ({ page, request }) => {
  const body = {
    report: { name: 'erasure.json', mimeType: 'application/json', buffer: Buffer.from(report(freshImei(), 'X-1')) },
  }
  const byVisitor = await request.post('/api/stock/erasure-reports', { multipart: body, maxRedirects: 0 })
  expect(byVisitor.status()).toBe(404)
  await ownAddress(page)
  await signUp(page, newSeller('stock-attack'))
  const bySeller = await page.request.post('/api/stock/erasure-reports', { multipart: body, maxRedirects: 0 })
  expect(bySeller.status()).toBe(404)
  await page.goto('/admin/stock')
  await expect(page.getByRole('heading', { name: 'Stock' })).toHaveCount(0)
})

test('the records are a manager’s: staff, a seller, a visitor or another site get 404, and nothing is recorded', async ({
  page,
  browser,
  request,
}) => {
  const form = { kind: 'stock-book', from: '2026-01-01', to: '2026-12-31' }
  const byVisitor = await request.post('/api/stock/records', { form, maxRedirects: 0 })
  expect(byVisitor.status()).toBe(404)
  await ownAddress(page)
  await signUp(page, newSeller('records-attack'))
  expect((await page.request.post('/api/stock/records', { form, maxRedirects: 0 })).status()).toBe(404)
  expect((await page.goto('/admin/stock/records'))!.status()).toBe(404)

  const staff = await staffPage(browser)
  expect((await staff.request.post('/api/stock/records', { form, maxRedirects: 0 })).status()).toBe(404)
  expect((await staff.goto('/admin/stock/records'))!.status()).toBe(404)
  await staff.goto('/admin/stock')
  await expect(staff.getByRole('link', { name: 'Records for the police and the accountant' })).toHaveCount(0)

  // A manager's own session, but the post made from another site: refused before anything is read.
  const manager = await staffPage(browser, 'manager')
  const forged = await manager.request.post('/api/stock/records', {
    form,
    maxRedirects: 0,
    headers: { origin: 'https://attacker.example', 'sec-fetch-site': 'cross-site' },
  })
  expect(forged.status()).toBe(404)
  await manager.goto('/admin/stock/records')
  await expect(manager.getByRole('heading', { level: 1 })).toHaveText('Records for the police and the accountant')
  await expect(manager.getByRole('row').filter({ hasText: '2026-01-01 to 2026-12-31' })).toHaveCount(0)
})
