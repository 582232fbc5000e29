import { randomUUID } from 'node:crypto'
import { expect, test, type Browser, type Page } from '@playwright/test'
import { PAYMENTS_STANDIN, STAND_IN_KEY, testClientAddress, uniqueEmail } from '../support/e2e-env'
import { pdfText } from '../support/pdf-text'
import { linkIn, mailTo } from './account-helpers'
import { readPageForm, sendPageForm } from './form-post'
import { violations } from './axe'
import { staffPage } from './order-helpers'

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': testClientAddress() })
})

const PAGE = '/sell/weee-business-recycling'
const form = (page: Page) => page.getByRole('region', { name: 'Ask for a collection' })
const THANKS = 'Thank you. We have your request and have e-mailed you a copy. We will be in touch to agree a date.'

async function fillRequest(page: Page, email: string, deviceCount: string) {
  const region = form(page)
  await region.getByLabel('Organisation name').fill('Acme Trading Ltd')
  await region.getByLabel('Your name').fill('Jo Bloggs')
  await region.getByLabel('Your e-mail address').fill(email)
  await region.getByLabel('Phone number').fill('0113 496 0000')
  await region.getByLabel('Collection address').fill('Unit 4, Mill Lane\nLeeds')
  await region.getByLabel('Postcode').fill('ls1 4ab')
  await region.getByLabel('Number of devices').fill(deviceCount)
  await region.getByLabel('What you have').fill('20 iPhone 11\n4 iPad Air')
  await region.getByLabel('Dates that suit you').fill('Any Tuesday in March')
}

test('a business asks for a collection of 24 devices, is thanked, and gets a copy by e-mail', async ({ page }) => {
  await page.goto(PAGE)
  const email = uniqueEmail('collection')
  await fillRequest(page, email, '24')
  await form(page).getByRole('button', { name: 'Ask for a collection' }).click()
  await expect(form(page).getByRole('status')).toHaveText(THANKS)
  const mail = await mailTo(email, /^We have your collection request for 24 devices$/)
  expect(mail.text).toContain('Thank you for asking us to collect from Acme Trading Ltd.')
  expect(mail.text).toContain('Unit 4, Mill Lane\nLeeds\nLS1 4AB')
})

test('fewer devices than the minimum, and each empty field, are named in the editor’s words; the text stays', async ({
  page,
}) => {
  await page.goto(PAGE)
  await fillRequest(page, uniqueEmail('few'), '12')
  await form(page).getByLabel('Organisation name').fill('')
  await form(page).getByRole('button', { name: 'Ask for a collection' }).click()
  const region = form(page)
  await expect(region.getByLabel('Organisation name')).toHaveAccessibleDescription('Enter your organisation’s name.')
  // The number is the one in Pricing rules, written into the words.
  await expect(region.getByLabel('Number of devices')).toHaveAccessibleDescription(
    '20 or more We collect 20 or more devices. For fewer, sell them through our site, up to 10 in one order, and post them free.',
  )
  await expect(region.getByLabel('What you have')).toHaveValue('20 iPhone 11\n4 iPad Air')
  const summary = region.getByRole('alert').filter({ hasText: 'There is a problem' })
  await expect(summary).toBeFocused()
  await expect(summary.getByRole('link')).toHaveText([
    'Enter your organisation’s name.',
    'We collect 20 or more devices. For fewer, sell them through our site, up to 10 in one order, and post them free.',
  ])
})

test.describe('the collection form with scripts off', () => {
  test.use({ javaScriptEnabled: false })
  test.beforeEach(({}, testInfo) => test.skip(testInfo.project.name !== 'desktop', 'the same form at every width'))

  test('it names each problem on the page it comes back to, keeps the text, and then sends', async ({ page }) => {
    await page.goto(PAGE)
    const email = uniqueEmail('collection-noscript')
    await fillRequest(page, email, 'twenty')
    await form(page).getByLabel('Postcode').fill('not a postcode')
    await form(page).getByRole('button', { name: 'Ask for a collection' }).click()
    const summary = form(page).getByRole('alert').filter({ hasText: 'There is a problem' })
    await expect(summary.getByRole('link')).toHaveText([
      'Enter a UK postcode, such as LS1 4AB.',
      'Enter the number of devices as a whole number, such as 20.',
    ])
    await expect(form(page).getByLabel('Dates that suit you')).toHaveValue('Any Tuesday in March')
    expect(new URL(page.url()).pathname).toBe(PAGE)

    await form(page).getByLabel('Postcode').fill('LS1 4AB')
    await form(page).getByLabel('Number of devices').fill('20')
    await form(page).getByRole('button', { name: 'Ask for a collection' }).click()
    await expect(form(page).getByRole('status')).toHaveText(THANKS)
    await mailTo(email, /^We have your collection request for 20 devices$/)
  })
})

test('staff see the request and move it on with a reason that the history keeps', async ({
  page,
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'staff work at desktop width: run once')
  test.setTimeout(300_000)
  await page.goto(PAGE)
  const organisation = `Acme ${Date.now()}`
  const email = uniqueEmail('collection-staff')
  await fillRequest(page, email, '31')
  await form(page).getByLabel('Organisation name').fill(organisation)
  await form(page).getByRole('button', { name: 'Ask for a collection' }).click()
  await expect(form(page).getByRole('status')).toHaveText(THANKS)

  const staff = await staffPage(browser)
  await staff.goto('/admin/messages')
  await staff.getByRole('link', { name: 'Business collections' }).click()
  await expect(staff.getByRole('heading', { name: 'Business collections', level: 1 })).toBeVisible()
  // Its own row, found by its name: another test's request may be newer (the order is the data
  // test's "lists the newest first").
  const row = staff
    .getByRole('table', { name: 'Business collections' })
    .getByRole('row')
    .filter({ hasText: organisation })
  await expect(row).toContainText('31')
  await expect(row).toContainText('Requested')
  // No quote is due before the devices are collected: the quote values them as collected.
  await expect(row).not.toContainText('Quote')
  await row.getByRole('link', { name: organisation }).click()
  await expect(staff.getByRole('heading', { name: `Collection for ${organisation}`, level: 1 })).toBeVisible()
  await expect(staff.getByText('20 iPhone 11')).toBeVisible()
  // No SIC code given on the form: the page says the note will say so.
  await expect(staff.getByText('Not given: the waste transfer note will say so')).toBeVisible()

  const actions = staff.getByRole('region', { name: 'Move it on' })
  await expect(actions.getByRole('button')).toHaveText(['Mark booked', 'Close'])
  await actions.getByRole('button', { name: 'Mark booked' }).click()
  await expect(actions.getByRole('alert')).toHaveText('Say why, for the history.')
  await actions.getByLabel('Why (kept in the history)').fill('Van booked for 9 March')
  await actions.getByRole('button', { name: 'Mark booked' }).click()
  await expect(staff.getByText('Moved to Booked.', { exact: true })).toBeVisible()
  const history = staff.getByRole('region', { name: 'History' }).getByRole('listitem')
  await expect(history).toHaveCount(2)
  await expect(history.nth(1)).toContainText('moved it from Requested to Booked: Van booked for 9 March')
  await expect(actions.getByRole('button')).toHaveText(['Mark collected', 'Reopen', 'Close'])

  // Collected with two devices: one valued, one for recycling, then the quote sent to the business.
  await actions.getByLabel('Why (kept in the history)').fill('Van back')
  await actions.getByRole('button', { name: 'Mark collected' }).click()
  await expect(staff.getByText('Moved to Collected.', { exact: true })).toBeVisible()
  const imeis = [freshImei(0), freshImei(1)]
  const devices = staff.getByRole('region', { name: 'Devices collected' })
  await devices
    .getByLabel('Devices, one a line: make, model, IMEI')
    .fill(imeis.map((imei) => `Apple, iPhone 12, ${imei}`).join('\n'))
  await devices.getByRole('button', { name: 'Add devices' }).click()
  await expect(staff.getByText('2 devices added to the collection and taken into stock.')).toBeVisible()
  // Collected: its quote is now due, in the list.
  const collectionPage = staff.url()
  await staff.goto('/admin/collections')
  await expect(row).toContainText('Collected')
  await expect(row).toContainText('Quote due')
  await staff.goto(collectionPage)
  const quote = staff.getByRole('region', { name: 'Quote' })
  await quote.getByRole('button', { name: 'Send the quote' }).click()
  await expect(quote.getByRole('alert')).toHaveText(
    '2 devices have no value or no grade yet: value and grade each one (or tick recycle) before sending the quote.',
  )
  // A visitor posting the send form gets the 404, and nothing is sent.
  const path = new URL(staff.url()).pathname
  const { hidden, origin } = await readPageForm(staff.context().request, path, { button: 'Send the quote' })
  const forged = await sendPageForm(page.request, path, hidden, { origin })
  expect([forged.status, forged.location]).toEqual([404, null])

  await quote.getByLabel(`Value of #1 Apple iPhone 12, ${imeis[0]}, in pounds`).fill('45.50')
  // A value with no grade is refused, naming the grade's box; the value typed stays.
  await quote.getByRole('button', { name: 'Save' }).first().click()
  const firstGrade = quote.getByLabel(`Grade of #1 Apple iPhone 12, ${imeis[0]}`)
  await expect(firstGrade).toHaveAccessibleDescription(/Choose the grade the device is in\./)
  await expect(devices.getByRole('row').nth(1)).toContainText('Not graded')
  // A visitor posting the grade form gets the 404, and the device stays ungraded.
  const valuePost = await readPageForm(staff.context().request, path, { button: 'Save' })
  const forgedGrade = await sendPageForm(
    page.request,
    path,
    { ...valuePost.hidden, value: '45.50', grade: 'excellent' },
    { origin: valuePost.origin },
  )
  expect([forgedGrade.status, forgedGrade.location]).toEqual([404, null])
  await staff.reload()
  await expect(devices.getByRole('row').nth(1)).toContainText('Not graded')
  await quote.getByLabel(`Value of #1 Apple iPhone 12, ${imeis[0]}, in pounds`).fill('45.50')
  await firstGrade.selectOption({ label: 'Good' })
  await quote.getByRole('button', { name: 'Save' }).first().click()
  await expect(staff.getByText('Value saved.')).toBeVisible()
  await expect(devices.getByRole('row').nth(1)).toContainText('Good')
  await quote.getByRole('checkbox', { name: 'Recycle (no value)' }).nth(1).check()
  await quote.getByLabel(`Grade of #2 Apple iPhone 12, ${imeis[1]}`).selectOption({ label: 'Faulty' })
  await quote.getByRole('button', { name: 'Save' }).nth(1).click()
  await expect(devices.getByRole('row').nth(2)).toContainText('Recycle')
  await expect(devices.getByRole('row').nth(2)).toContainText('Faulty')
  await quote.getByRole('button', { name: 'Send the quote' }).click()
  await expect(staff.getByText('The quote has been sent to the business.')).toBeVisible()
  await expect(quote).toContainText('Quote sent by')

  const mail = await mailTo(email, /^Your quote for the 2 devices we collected from /, 0, 20_000)
  expect(mail.text).toContain(`Apple iPhone 12 (IMEI ${imeis[0]}), graded Good: £45.50`)
  expect(mail.text).toContain(`Apple iPhone 12 (IMEI ${imeis[1]}), graded Faulty: No value: recycled`)
  expect(mail.text).toContain('Total: £45.50')
  expect(mail.text).toMatch(/Our waste carrier registration number is CBDU\d+\./)

  // The history names each device's grade with its value.
  const historyRegion = staff.getByRole('region', { name: 'History' })
  await expect(historyRegion).toContainText(`valued Apple iPhone 12 (${imeis[0]}) at £45.50, graded Good`)
  await expect(historyRegion).toContainText(`marked Apple iPhone 12 (${imeis[1]}) for recycling, graded Faulty`)

  // Sent but not paid: Close says why it waits, and closing is refused in those words, nothing changed.
  const unpaid =
    'Pay the quote before closing: a collection whose quote is above £0 closes once the business has been paid.'
  await expect(actions).toContainText(unpaid)
  await actions.getByLabel('Why (kept in the history)').fill('Done')
  await actions.getByRole('button', { name: 'Close' }).click()
  await expect(actions.getByRole('alert')).toHaveText(unpaid)
  await staff.reload()
  await expect(staff.getByRole('region', { name: 'Payment' })).toHaveText(/Waiting for the business’s bank details/)
  await expect(actions.getByRole('button', { name: 'Close' })).toBeVisible()
  await expect(staff.locator('.admin-facts__status')).toHaveText('Collected')
})

test('a visitor who is not staff gets the 404 page for the collection requests', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'staff pages: run once')
  for (const address of ['/admin/collections', `/admin/collections/${randomUUID()}`]) {
    const answer = await page.goto(address)
    expect(answer?.status()).toBe(404)
    await expect(page.getByRole('heading', { name: 'PAGE NOT FOUND', level: 1 })).toBeVisible()
  }
})

/** A valid IMEI of this run's own (Luhn check digit), so no other test's device shares it. */
function freshImei(index: number): string {
  const body = `35${String(Date.now()).slice(-8)}${String(index).padStart(4, '0')}`
  const sum = [...body].reverse().reduce((total, char, at) => {
    const digit = Number(char) * (at % 2 === 0 ? 2 : 1)
    return total + (digit > 9 ? digit - 9 : digit)
  }, 0)
  return `${body}${(10 - (sum % 10)) % 10}`
}

function erasureReport(imei: string) {
  return JSON.stringify({
    report: {
      id: `col-${imei}`,
      tool: { name: 'WipeSure Mobile', version: '5.2.1' },
      operator: { name: 'Robin Bench' },
      finished: '2026-11-30T10:09:45Z',
      device: { make: 'Apple', model: 'iPhone 12', imei, mediaType: 'Flash, 64 GB' },
      erasure: {
        level: 'NIST Purge',
        technique: 'Cryptographic erase',
        verification: 'Full verification',
        result: 'Passed',
      },
    },
  })
}

test('a business collection of 20 devices ends with one certificate listing all 20 IMEIs and a waste transfer note only the business can open', async ({
  page,
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'staff work at desktop width: run once')
  test.setTimeout(300_000)
  await page.goto(PAGE)
  const organisation = `Acme ${Date.now()}`
  const email = uniqueEmail('collection-paperwork')
  await fillRequest(page, email, '20')
  await form(page).getByLabel('Organisation name').fill(organisation)
  // The business's SIC code, for its waste transfer note: four digits are refused in the editors' words.
  await form(page).getByLabel('SIC code (optional)').fill('6202')
  await form(page).getByRole('button', { name: 'Ask for a collection' }).click()
  await expect(form(page).getByLabel('SIC code (optional)')).toHaveAccessibleDescription(
    /Enter your SIC code as five digits, for example 62020, or leave it empty\./,
  )
  await form(page).getByLabel('SIC code (optional)').fill('62020')
  await form(page).getByRole('button', { name: 'Ask for a collection' }).click()
  await expect(form(page).getByRole('status')).toHaveText(THANKS)

  const staff = await staffPage(browser)
  await staff.goto('/admin/collections')
  await staff.getByRole('link', { name: organisation }).click()
  await expect(staff).toHaveURL(/\/admin\/collections\/[0-9a-f-]{36}$/)
  const collection = staff.url()
  // The SIC code the business gave, which its waste transfer note will state.
  const sicFact = staff.locator('dt', { hasText: 'SIC code' }).locator('xpath=following-sibling::dd[1]')
  await expect(sicFact).toHaveText('62020')
  const actions = staff.getByRole('region', { name: 'Move it on' })
  for (const [button, done] of [
    ['Mark booked', 'Moved to Booked.'],
    ['Mark collected', 'Moved to Collected.'],
  ] as const) {
    await actions.getByLabel('Why (kept in the history)').fill(button)
    await actions.getByRole('button', { name: button }).click()
    await expect(staff.getByText(done, { exact: true })).toBeVisible()
  }

  // A list with one IMEI typed wrong adds nothing, and says which line and why.
  const imeis = Array.from({ length: 20 }, (_, index) => freshImei(index))
  const wrong = imeis[1]!.slice(0, -1) + String((Number(imeis[1]!.at(-1)) + 1) % 10)
  const devices = staff.getByRole('region', { name: 'Devices collected' })
  const list = devices.getByLabel('Devices, one a line: make, model, IMEI')
  await list.fill(`Apple, iPhone 12, ${imeis[0]}\nApple, iPhone 12, ${wrong}`)
  await devices.getByRole('button', { name: 'Add devices' }).click()
  await expect(list).toHaveAccessibleDescription(
    new RegExp(`Line 2: ${wrong} is not a valid IMEI\\. Check the digits: the last one does not match the others\\.`),
  )
  await expect(devices.getByRole('table')).toHaveCount(0)

  await list.fill(imeis.map((imei) => `Apple, iPhone 12, ${imei}`).join('\n'))
  await devices.getByRole('button', { name: 'Add devices' }).click()
  await expect(staff.getByText('20 devices added to the collection and taken into stock.')).toBeVisible()
  const rows = staff.getByRole('region', { name: 'Devices collected' }).getByRole('table').getByRole('row')
  await expect(rows).toHaveCount(21)
  await expect(rows.nth(1)).toContainText(imeis[0]!)
  await expect(rows.nth(1)).toContainText(/S-\d{6}/)
  await expect(rows.nth(1)).toContainText('Not erased yet')

  // Not every device erased: the certificate is refused, saying how many wait.
  const paperwork = staff.getByRole('region', { name: 'Paperwork' })
  await paperwork.getByRole('button', { name: 'Issue the certificate' }).click()
  await expect(paperwork.getByRole('alert')).toHaveText(
    '20 devices have no passed erasure yet: the certificate can be issued once every device has one.',
  )

  // Each device's erasure report imported at /admin/stock, found by its IMEI as any stock device is.
  for (const imei of imeis) {
    await staff.goto('/admin/stock')
    await staff
      .getByLabel('Report (JSON or XML)')
      .setInputFiles({ name: `${imei}.json`, mimeType: 'application/json', buffer: Buffer.from(erasureReport(imei)) })
    await staff.getByRole('button', { name: 'Import', exact: true }).click()
    await expect(staff.getByRole('status')).toHaveText('Erasure recorded.')
  }
  await staff.goto(collection)
  await expect(staff.getByText('20 of 20 devices erased.')).toBeVisible()
  await paperwork.getByRole('button', { name: 'Issue the certificate' }).click()
  await expect(staff.getByText('The certificate has been issued.')).toBeVisible()
  const certificateLink = paperwork.getByRole('link', { name: /^Certificate [0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}$/ })
  const number = (await certificateLink.textContent())!.replace('Certificate ', '')

  // Certified but its quote not sent: Close says why it waits, and closing is refused in those
  // words, with scripts and without (the page comes back with the notice, not an error).
  const noQuote =
    'Send the quote before closing: the business is told what its devices are worth before its paperwork is sent.'
  await expect(actions).toContainText(noQuote)
  await actions.getByLabel('Why (kept in the history)').fill('Paperwork sent')
  await actions.getByRole('button', { name: 'Close' }).click()
  await expect(actions.getByRole('alert')).toHaveText(noQuote)
  const collectionPath = new URL(collection).pathname
  const closeForm = await readPageForm(staff.context().request, collectionPath, { button: 'Close' })
  const refused = await sendPageForm(
    staff.context().request,
    collectionPath,
    { ...closeForm.hidden, reason: 'Paperwork sent', status: 'closed' },
    { origin: closeForm.origin },
  )
  expect([refused.status, refused.problems]).toEqual([200, [{ code: 'quoteNotSent', message: noQuote }]])

  // Every device graded and recycled: a quote of £0, which needs no payment, sent; then it closes.
  const quote = staff.getByRole('region', { name: 'Quote' })
  for (const [index, imei] of imeis.entries()) {
    await quote.getByRole('checkbox', { name: 'Recycle (no value)' }).nth(index).check()
    await quote.getByLabel(`Grade of #${index + 1} Apple iPhone 12, ${imei}`).selectOption({ label: 'Faulty' })
    await quote.getByRole('button', { name: 'Save' }).nth(index).click()
    await expect(rows.nth(index + 1)).toContainText('Faulty')
  }
  await quote.getByRole('button', { name: 'Send the quote' }).click()
  await expect(staff.getByText('The quote has been sent to the business.')).toBeVisible()
  await expect(actions).not.toContainText(noQuote)
  await actions.getByLabel('Why (kept in the history)').fill('Paperwork sent')
  await actions.getByRole('button', { name: 'Close' }).click()
  await expect(staff.getByText('Moved to Closed.', { exact: true })).toBeVisible()
  await expect(paperwork.getByRole('link', { name: 'Open the waste transfer note (PDF)' })).toBeVisible()

  // The business's e-mail: its certificate with every IMEI whole, and the note, each by a link only it holds.
  const mail = await mailTo(email, new RegExp(`^Your collection’s paperwork: certificate ${number}$`), 0, 20_000)
  expect(mail.text).toContain(`We have finished with the 20 devices we collected from ${organisation}.`)
  const ownCertificate = linkIn(mail, `/certificates/${number}/pdf?key=`)
  const certificatePdf = await page.request.get(ownCertificate)
  expect(certificatePdf.status()).toBe(200)
  expect(certificatePdf.headers()['cache-control']).toBe('private, no-store')
  const certificateText = pdfText(await certificatePdf.body())
  for (const imei of imeis) expect(certificateText).toContain(imei)
  expect(certificateText).toContain(organisation)

  // Anyone checking it by number: each IMEI's last digits only, on the page and in its PDF.
  const checkAnswer = await page.goto(`/certificates/${number}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Data-erasure certificate for a collection')
  const fact = (label: string) => page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]')
  await expect(fact('Certificate number')).toHaveText(number)
  await expect(fact('Devices of')).toHaveText(organisation)
  const listed = page.getByRole('region', { name: 'Every device erased' }).getByRole('listitem')
  await expect(listed).toHaveCount(20)
  for (const [index, imei] of imeis.entries())
    await expect(listed.nth(index)).toContainText(`IMEI or serial ending in ${imei.slice(-4)}:`)
  const publicHtml = (await checkAnswer!.text()) + (await page.content())
  for (const imei of imeis) expect(publicHtml).not.toContain(imei)
  const main = page.getByRole('main')
  await expect(main).not.toContainText('Jo Bloggs')
  await expect(main).not.toContainText('Mill Lane')
  await expect(main).not.toContainText(email)
  expect(await violations(page), 'collection certificate').toEqual([])
  const publicPdf = await page.request.get(`/certificates/${number}/pdf`)
  expect(publicPdf.status()).toBe(200)
  const publicPdfText = pdfText(await publicPdf.body())
  expect(publicPdfText).toContain(`ending in ${imeis[0]!.slice(-4)}`)
  for (const imei of imeis) expect(publicPdfText).not.toContain(imei)
  // A key changed, or made for another document, opens only the public copy.
  const wrongKey = ownCertificate.slice(0, -1) + (ownCertificate.endsWith('A') ? 'B' : 'A')
  const forgedCertificate = pdfText(await (await page.request.get(wrongKey)).body())
  for (const imei of imeis) expect(forgedCertificate).not.toContain(imei)

  // The itemised report lists each device's grade and what became of it.
  const reportText = pdfText(await (await page.request.get(linkIn(mail, '/collection-reports/'))).body())
  expect(reportText).toContain(`1. Apple iPhone 12, IMEI or serial ${imeis[0]}: graded Faulty, no value, recycled`)
  expect(reportText).toContain(`20. Apple iPhone 12, IMEI or serial ${imeis[19]}: graded Faulty, no value, recycled`)
  expect(reportText).not.toMatch(/not graded/i)

  const notePath = linkIn(mail, '/waste-transfer-notes/')
  const note = await page.request.get(notePath)
  expect(note.status()).toBe(200)
  expect(note.headers()['content-type']).toBe('application/pdf')
  const noteText = pdfText(await note.body())
  for (const fact of ['16 02 14', 'CBDU000000', 'Unit 4, Mill Lane, Leeds, LS1 4AB', '20 devices', organisation])
    expect(noteText).toContain(fact)
  // What the law asks a note to say besides: the transferor's SIC code, and where the waste changed hands.
  expect(noteText).toMatch(/SIC code\s+62020/)
  expect(noteText).toMatch(/Place of transfer\s+Unit 4, Mill Lane, Leeds, LS1 4AB/)

  // A stranger: the note's address without its key, or with the key changed, opens nothing.
  const stranger = await (await browser.newContext()).newPage()
  const bare = notePath.split('?')[0]!
  expect((await stranger.request.get(bare)).status()).toBe(404)
  const key = new URL(notePath, 'http://x').searchParams.get('key')!
  const forged = `${bare}?key=${encodeURIComponent(key.slice(0, -1) + (key.endsWith('A') ? 'B' : 'A'))}`
  expect((await stranger.request.get(forged)).status()).toBe(404)
  // Staff open it signed in.
  expect((await staff.request.get(bare)).status()).toBe(200)
})

test('a manager pays a sent quote once, to the bank details the business gave by its link, and the business gets a remittance statement', async ({
  page,
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'staff work at desktop width: run once')
  test.setTimeout(300_000)
  const { organisation, email, manager, collectionPath, requestId, imeis } = await sentQuote(page, browser, 'Paid')
  const actions = manager.getByRole('region', { name: 'Move it on' })
  const payment = manager.getByRole('region', { name: 'Payment' })
  await expect(payment).toHaveText(/Waiting for the business’s bank details to pay £45\.50\./)
  // Nothing to pay yet: the only button e-mails a new link.
  await expect(payment.getByRole('button')).toHaveText(['E-mail the business a new link'])

  // The quote's e-mail carries the business's own link; a forged one keeps nothing and says so.
  const quoteMail = await mailTo(email, /^Your quote for the 2 devices we collected from /, 0, 20_000)
  const link = linkIn(quoteMail, '/collection-bank-details')
  await page.goto(`/collection-bank-details?token=${randomUUID()}`)
  await expect(page.getByText('This link is not valid or has been used already, so nothing was saved.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Save bank details' })).toHaveCount(0)

  // Without scripts: a wrong sort code comes back named, and nothing is kept.
  const { hidden, origin } = await readPageForm(page.request, link, { button: 'Save bank details' })
  const wrong = await sendPageForm(
    page.request,
    link,
    { ...hidden, accountHolder: 'Acme Ltd', sortCode: '12', accountNumber: '12345678' },
    { origin },
  )
  expect(wrong.status).toBe(200)
  expect(wrong.problems.map((problem) => problem.code)).toEqual(['sortCodeInvalid'])
  // Nor does the same post with a forged token.
  const forged = await sendPageForm(
    page.request,
    link,
    { ...hidden, token: 'forged', accountHolder: 'Acme Ltd', sortCode: '309430', accountNumber: '12345678' },
    { origin },
  )
  expect(forged.problems.map((problem) => problem.code)).toEqual(['linkInvalid'])
  await manager.reload()
  await expect(payment).toHaveText(/Waiting for the business’s bank details/)

  // With scripts: the business's page, its problems summed up, then kept.
  await page.goto(link)
  await expect(page).toHaveTitle(/Your bank details for payment/)
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/)
  await expect(page.getByText(`collected from ${organisation}`)).toContainText('£45.50')
  await page.getByRole('button', { name: 'Save bank details' }).click()
  await expect(page.getByRole('alert').getByRole('heading', { name: 'There is a problem' })).toBeVisible()
  await page.getByLabel('Name on the account').fill('Acme Ltd')
  await page.getByLabel('Sort code').fill('30-94-30')
  await page.getByLabel('Account number').fill('12345678')
  await page.getByRole('button', { name: 'Save bank details' }).click()
  await expect(page.getByRole('status')).toHaveText(/we have your bank details/)
  // Used once: the link opens no form again.
  await page.goto(link)
  await expect(page.getByText('This link is not valid or has been used already, so nothing was saved.')).toBeVisible()

  // A visitor, and a member of staff who is not a manager, posting pay get the 404; nothing is paid.
  await manager.reload()
  await expect(payment).toContainText('account ending 5678')
  const payButton = 'Pay £45.50 by bank transfer'
  const payForm = await readPageForm(manager.context().request, collectionPath, { button: payButton })
  const staff = await staffPage(browser, 'staff')
  await staff.goto(collectionPath)
  await expect(staff.getByRole('region', { name: 'Payment' })).toContainText('account ending 5678')
  await expect(staff.getByRole('button', { name: payButton })).toHaveCount(0)
  for (const request of [page.request, staff.context().request]) {
    const refused = await sendPageForm(request, collectionPath, payForm.hidden, { origin: payForm.origin })
    expect([refused.status, refused.location]).toEqual([404, null])
  }
  const reference = `COL-${requestId.replace(/-/g, '').slice(0, 12).toUpperCase()}`
  expect(await standInPayments(reference)).toEqual([])

  // The manager pays; pressed again (a retry without scripts), nothing more is paid.
  await payment.getByRole('button', { name: payButton }).click()
  await expect(manager.getByText('Paid: the remittance statement is e-mailed to the business.')).toBeVisible()
  await expect(payment).toContainText(`Paid £45.50 on`)
  await expect(payment).toContainText(reference)
  const again = await sendPageForm(manager.context().request, collectionPath, payForm.hidden, {
    origin: payForm.origin,
  })
  expect(again.status).toBe(303)
  expect(await standInPayments(reference)).toEqual([
    expect.objectContaining({ amountPence: 4550, accountLast4: '5678' }),
  ])
  const history = manager.getByRole('region', { name: 'History' })
  await expect(history).toContainText(`${organisation} gave bank details for payment`)
  await expect(history).toContainText('sent the payment')
  await expect(history).toContainText(
    `Paid £45.50 by bank transfer, reference ${reference}; remittance statement e-mailed`,
  )

  const remittance = await mailTo(
    email,
    /^Remittance statement: £45\.50 paid for the devices collected from /,
    0,
    20_000,
  )
  expect(remittance.text).toContain(`Apple iPhone 12 (IMEI ${imeis[0]}), graded Good: £45.50`)
  expect(remittance.text).toContain(`Apple iPhone 12 (IMEI ${imeis[1]}), graded Faulty: No value: recycled`)
  expect(remittance.text).toContain('Total: £45.50')
  expect(remittance.text).toContain(`reference ${reference}`)

  // Paid: erased, certified and closed, the itemised report is issued with the note, linked from
  // the staff page and from the business's e-mail by a link only it holds.
  for (const imei of imeis) {
    await manager.goto('/admin/stock')
    await manager
      .getByLabel('Report (JSON or XML)')
      .setInputFiles({ name: `${imei}.json`, mimeType: 'application/json', buffer: Buffer.from(erasureReport(imei)) })
    await manager.getByRole('button', { name: 'Import', exact: true }).click()
    await expect(manager.getByRole('status')).toHaveText('Erasure recorded.')
  }
  await manager.goto(collectionPath)
  const paperwork = manager.getByRole('region', { name: 'Paperwork' })
  await paperwork.getByRole('button', { name: 'Issue the certificate' }).click()
  await expect(manager.getByText('The certificate has been issued.')).toBeVisible()
  await expect(actions).not.toContainText('before closing')
  await actions.getByLabel('Why (kept in the history)').fill('Paperwork sent')
  await actions.getByRole('button', { name: 'Close' }).click()
  await expect(manager.getByText('Moved to Closed.', { exact: true })).toBeVisible()
  await expect(paperwork).toContainText(/Itemised report [0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}/)
  const staffReport = paperwork.getByRole('link', { name: 'Open the itemised report (PDF)' })
  expect((await manager.request.get((await staffReport.getAttribute('href'))!)).status()).toBe(200)

  const closed = await mailTo(email, /^Your collection’s paperwork: certificate /, 0, 20_000)
  expect(closed.text).toContain('Download the itemised report (PDF):')
  const reportPath = linkIn(closed, '/collection-reports/')
  const report = await page.request.get(reportPath)
  expect(report.status()).toBe(200)
  expect(report.headers()['content-type']).toBe('application/pdf')
  const reportText = pdfText(await report.body())
  expect(reportText).toContain(`1. Apple iPhone 12, IMEI or serial ${imeis[0]}: graded Good, £45.50, reused`)
  expect(reportText).toContain(`2. Apple iPhone 12, IMEI or serial ${imeis[1]}: graded Faulty, no value, recycled`)
  expect(reportText).toMatch(/Total value\s+£45\.50/)
  expect(reportText).toContain(organisation)

  // A stranger: the report's address without its key, or with the key changed, opens nothing.
  const stranger = await (await browser.newContext()).newPage()
  const bare = reportPath.split('?')[0]!
  expect((await stranger.request.get(bare)).status()).toBe(404)
  const key = new URL(reportPath, 'http://x').searchParams.get('key')!
  const forgedReport = `${bare}?key=${encodeURIComponent(key.slice(0, -1) + (key.endsWith('A') ? 'B' : 'A'))}`
  expect((await stranger.request.get(forgedReport)).status()).toBe(404)
})

test('a returned payment asks the business for its bank details again, checked by its bank, and the repayment pays once more, never twice', async ({
  page,
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'staff work at desktop width: run once')
  test.setTimeout(300_000)
  const { organisation, email, manager, collectionPath, requestId } = await sentQuote(page, browser, 'Returned')
  const payment = manager.getByRole('region', { name: 'Payment' })
  const quoteMail = await mailTo(email, /^Your quote for the 2 devices we collected from /, 0, 20_000)
  const firstLink = linkIn(quoteMail, '/collection-bank-details')

  // A manager e-mails a new link: the quote's link is dead at once, the new one opens.
  await payment.getByRole('button', { name: 'E-mail the business a new link' }).click()
  await expect(
    manager.getByText('A new link is e-mailed to the business; the one before no longer works.'),
  ).toBeVisible()
  const renewed = await mailTo(email, /^A new link for your bank details for /, 0, 20_000)
  expect(renewed.text).toContain('for 30 days')
  await page.goto(firstLink)
  await expect(page.getByText('This link is not valid or has been used already, so nothing was saved.')).toBeVisible()
  const link = linkIn(renewed, '/collection-bank-details')

  // Confirmation of Payee: an account whose bank never matches the name is asked about, not kept.
  await page.goto(link)
  await page.getByLabel('Name on the account').fill('Acme Ltd')
  await page.getByLabel('Sort code').fill('20-00-00')
  await page.getByLabel('Account number').fill('22222222')
  await page.getByRole('button', { name: 'Save bank details' }).click()
  await expect(page.getByRole('group', { name: /./ }).getByRole('radio')).toHaveCount(1)
  await manager.reload()
  await expect(payment).toHaveText(/Waiting for the business’s bank details/)

  // Without scripts too: the same post comes back with the question, and nothing is kept.
  const { hidden, origin } = await readPageForm(page.request, link, { button: 'Save bank details' })
  const asked = await sendPageForm(
    page.request,
    link,
    { ...hidden, accountHolder: 'Acme Ltd', sortCode: '200000', accountNumber: '22222222' },
    { origin },
  )
  expect(asked.problems.map((problem) => problem.code)).toEqual(['payeeNoMatch'])

  // Details the bank matches, whose payment the receiving bank returns later.
  await page.goto(link)
  await page.getByLabel('Name on the account').fill('Acme Ltd')
  await page.getByLabel('Sort code').fill('20-00-00')
  await page.getByLabel('Account number').fill('55555555')
  await page.getByRole('button', { name: 'Save bank details' }).click()
  await expect(page.getByRole('status')).toHaveText(/we have your bank details/)
  await manager.reload()
  await expect(payment).toContainText('account ending 5555')
  await expect(payment.getByTestId('payee-check')).toContainText('Match: the bank confirmed the name')
  await payment.getByRole('button', { name: 'Pay £45.50 by bank transfer' }).click()
  await expect(payment).toContainText('Paid £45.50 on')

  // The provider's webhook says it came back: asked for details again, with a new link.
  await expect
    .poll(
      async () => {
        await manager.reload()
        return (await payment.textContent()) ?? ''
      },
      { timeout: 30_000 },
    )
    .toContain('The bank sent back the payment of £45.50 (AC06 account blocked by the receiving bank)')
  const history = manager.getByRole('region', { name: 'History' })
  await expect(history).toContainText(
    'faster-payments sent the payment back: AC06 account blocked by the receiving bank',
  )
  const returnedMail = await mailTo(email, /^We could not pay £45\.50 for the devices collected from /, 0, 20_000)
  await page.goto(link)
  await expect(page.getByText('This link is not valid or has been used already, so nothing was saved.')).toBeVisible()
  await page.goto(linkIn(returnedMail, '/collection-bank-details'))
  await page.getByLabel('Name on the account').fill('Acme Ltd')
  await page.getByLabel('Sort code').fill('30-94-30')
  await page.getByLabel('Account number').fill('87654321')
  await page.getByRole('button', { name: 'Save bank details' }).click()
  await expect(page.getByRole('status')).toHaveText(/we have your bank details/)

  // Paid again, once however often it is pressed: two payments at the provider, the first returned.
  await manager.reload()
  await expect(payment).toContainText('account ending 4321')
  const payForm = await readPageForm(manager.context().request, collectionPath, {
    button: 'Pay £45.50 by bank transfer',
  })
  const presses = await Promise.all([
    sendPageForm(manager.context().request, collectionPath, payForm.hidden, { origin: payForm.origin }),
    sendPageForm(manager.context().request, collectionPath, payForm.hidden, { origin: payForm.origin }),
  ])
  expect(presses.map((press) => press.status)).toEqual([303, 303])
  const reference = `COL-${requestId.replace(/-/g, '').slice(0, 12).toUpperCase()}`
  expect(await standInPayments(reference)).toEqual([
    expect.objectContaining({ amountPence: 4550, accountLast4: '5555' }),
    expect.objectContaining({ amountPence: 4550, accountLast4: '4321' }),
  ])
  await manager.reload()
  await expect(payment).toContainText('Paid £45.50 on')
  await expect(history).toContainText(`${organisation} gave bank details for payment`)
})

/**
 * A business's request booked, collected with two devices (one at £45.50, one recycled) and its
 * quote sent, by a manager: the business's name and address, the manager's page and the collection's.
 */
async function sentQuote(page: Page, browser: Browser, prefix: string) {
  await page.goto(PAGE)
  const organisation = `${prefix} ${Date.now()}`
  const email = uniqueEmail(`collection-${prefix.toLowerCase()}`)
  await fillRequest(page, email, '31')
  await form(page).getByLabel('Organisation name').fill(organisation)
  await form(page).getByRole('button', { name: 'Ask for a collection' }).click()
  await expect(form(page).getByRole('status')).toHaveText(THANKS)

  // Booked, collected with two devices (one at £45.50, one recycled), and the quote sent.
  const manager = await staffPage(browser, 'manager')
  await manager.goto('/admin/collections')
  await manager.getByRole('link', { name: organisation }).click()
  await expect(manager).toHaveURL(/\/admin\/collections\/[0-9a-f-]{36}$/)
  const collectionPath = new URL(manager.url()).pathname
  const requestId = collectionPath.split('/').pop()!
  const actions = manager.getByRole('region', { name: 'Move it on' })
  for (const [move, reason] of [
    ['Mark booked', 'Van booked'],
    ['Mark collected', 'Van back'],
  ] as const) {
    await actions.getByLabel('Why (kept in the history)').fill(reason)
    await actions.getByRole('button', { name: move }).click()
    await expect(manager.getByText(/^Moved to /)).toBeVisible()
  }
  const imeis = [freshImei(50), freshImei(51)]
  const devices = manager.getByRole('region', { name: 'Devices collected' })
  await devices
    .getByLabel('Devices, one a line: make, model, IMEI')
    .fill(imeis.map((imei) => `Apple, iPhone 12, ${imei}`).join('\n'))
  await devices.getByRole('button', { name: 'Add devices' }).click()
  await expect(manager.getByText('2 devices added to the collection and taken into stock.')).toBeVisible()
  const quote = manager.getByRole('region', { name: 'Quote' })
  await quote.getByLabel(`Value of #1 Apple iPhone 12, ${imeis[0]}, in pounds`).fill('45.50')
  await quote.getByLabel(`Grade of #1 Apple iPhone 12, ${imeis[0]}`).selectOption({ label: 'Good' })
  await quote.getByRole('button', { name: 'Save' }).first().click()
  await expect(manager.getByText('Value saved.')).toBeVisible()
  await quote.getByRole('checkbox', { name: 'Recycle (no value)' }).nth(1).check()
  await quote.getByLabel(`Grade of #2 Apple iPhone 12, ${imeis[1]}`).selectOption({ label: 'Faulty' })
  await quote.getByRole('button', { name: 'Save' }).nth(1).click()
  await expect(devices.getByRole('row').nth(2)).toContainText('Recycle')
  await quote.getByRole('button', { name: 'Send the quote' }).click()
  await expect(manager.getByText('The quote has been sent to the business.')).toBeVisible()
  return { organisation, email, manager, collectionPath, requestId, imeis }
}

/** The payments the payments provider's stand-in holds with `reference`. */
async function standInPayments(reference: string) {
  const response = await fetch(`${PAYMENTS_STANDIN}/admin/payments?reference=${encodeURIComponent(reference)}`, {
    headers: { authorization: `Bearer ${STAND_IN_KEY}` },
  })
  return (await response.json()) as { amountPence: number; accountLast4: string }[]
}
