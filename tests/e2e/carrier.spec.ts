import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { PDFDocument } from 'pdf-lib'
import { CARRIER_STANDIN, JOBS_EVERY_SECONDS, SMS_STANDIN, STAND_IN_KEY, uniqueEmail } from '../support/e2e-env'
import { linkIn, mailCount, mailTo, ownAddress } from './account-helpers'
import { violations } from './axe'
import { staffPage, orderByPost } from './order-helpers'

// The parcel, tracked: the carrier's label made as the order is placed, its number and insurance on
// the seller's page, its scans in the order's history; and, the carrier down at checkout, the order
// placed all the same and the label e-mailed once the carrier makes it; and a parcel lost, astray
// after the days the Orders document sets, the seller e-mailed and texted once. Against the carrier's
// and the text-message provider's stand-ins.
const TRACKING = /RT\d{9}GB/

test.beforeEach(async ({ page }) => {
  test.skip(test.info().project.name !== 'desktop', 'orders through the carrier, at desktop width')
  await ownAddress(page)
})

const carrier = (method: string, path: string, body?: object) =>
  fetch(`${CARRIER_STANDIN}${path}`, {
    method,
    headers: { authorization: `Bearer ${STAND_IN_KEY}`, 'content-type': 'application/json' },
    body: body ? JSON.stringify(body) : undefined,
  }).then(async (response) => {
    expect(response.status).toBe(200)
    return (await response.json()) as Record<string, unknown>
  })

async function checkOut(page: Page, email: string, postcode?: string, pack = false): Promise<string> {
  const extra = { ...(postcode ? { postcode } : {}), ...(pack ? { postagePack: 'true' } : {}) }
  return (await orderByPost(page, email, extra)).reference
}

/** The label's PDF from the seller's link: its keywords name the carrier's tracking number once there is one. */
async function labelKeywords(request: APIRequestContext, path: string) {
  const response = await request.get(path)
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toBe('application/pdf')
  return (await PDFDocument.load(await response.body())).getKeywords() ?? ''
}

test('an order’s label comes from the carrier, and its scans reach the seller’s page', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(180_000)
  const email = uniqueEmail('tracked')
  const reference = await checkOut(page, email)
  const confirmation = await mailTo(email, new RegExp(`order ${reference}`))
  const orderLink = linkIn(confirmation, '/order-tracker-details?order=')

  // The carrier made one label for the order, as it was placed; the seller's page gives its number.
  const tracking = page.getByText(/Your parcel’s tracking number:/)
  await expect(async () => {
    await page.goto(orderLink)
    await expect(tracking).toBeVisible({ timeout: 1000 })
  }).toPass({ timeout: 20_000 })
  const number = (await tracking.textContent())!.match(TRACKING)![0]
  // Insured for the order's value (under the carrier's £1,000), as the order e-mail gives it.
  const total = confirmation.text.match(/We will pay you (£[\d,.]+)/)![1]!
  await expect(tracking).toHaveText(`Your parcel’s tracking number: ${number}. It is insured for ${total}.`)
  const atCarrier = (await carrier('GET', `/admin/parcels?reference=${reference}`)).parcels
  expect(atCarrier).toEqual([expect.objectContaining({ trackingNumber: number, cancelled: false })])

  // The e-mail's label is the carrier's, with our packing slip.
  expect(await labelKeywords(request, linkIn(confirmation, '/order-tracker-details/label?order='))).toContain(number)

  // Handed in and sorted: within the tracking job's minute, both are in the seller's history.
  await carrier('POST', `/admin/events/${number}`, { code: 'EVPPA' })
  // The carrier expects it today (a London day, as goods-in plans by).
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date())
  await carrier('POST', `/admin/events/${number}`, { code: 'EVNMC', expected: today })
  const history = page.getByRole('region', { name: 'What has happened' })
  await expect(async () => {
    await page.goto(orderLink)
    await expect(history.getByText('On its way to us')).toBeVisible({ timeout: 1000 })
  }).toPass({ timeout: 90_000 })
  await expect(history.getByRole('listitem')).toHaveText([
    /Order placed|Placed/,
    /Handed in at a post office/,
    /On its way to us/,
  ])
  expect(await violations(page)).toEqual([])

  // Goods-in sees it among the parcels expected today, with the carrier's last scan.
  const staff = await staffPage(browser)
  await staff.goto('/admin/goods-in')
  await staff.getByRole('link', { name: 'Parcels expected' }).click()
  const row = staff.getByRole('region', { name: /^Today \(\d+\)$/ }).getByRole('row', { name: new RegExp(reference) })
  await expect(row.getByRole('cell', { name: number })).toBeVisible()
  await expect(row.getByRole('cell', { name: /^On its way to us, / })).toBeVisible()
  expect(await violations(staff)).toEqual([])
  await staff.setViewportSize({ width: 375, height: 800 })
  expect(await violations(staff)).toEqual([])
  // The table scrolls in its own region: the page itself is no wider than the phone.
  expect(await staff.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  await staff.screenshot({ path: test.info().outputPath('expected-375.png'), fullPage: true })
})

test('the carrier down at checkout: the order is placed, and the label is e-mailed when the carrier makes it', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000)
  const email = uniqueEmail('label-later')
  // Down for parcels from this postcode only: other tests' orders still get their labels.
  const postcode = 'EC1A 1BB'
  await carrier('POST', '/admin/mode', { mode: 'down', keys: [postcode] })
  let reference: string
  try {
    reference = await checkOut(page, email, postcode)
    const confirmation = await mailTo(email, new RegExp(`order ${reference}`))
    // No tracked label yet: the link gives our own freepost label meanwhile.
    expect(await labelKeywords(request, linkIn(confirmation, '/order-tracker-details/label?order='))).toBe('')
  } finally {
    await carrier('POST', '/admin/mode', { mode: 'up', keys: [postcode] })
  }
  // Within the labels job's minute the carrier makes it, and the seller is e-mailed it, once.
  const ready = await mailTo(email, /tracked postage label/, 0, 90_000)
  expect(ready.subject).toBe(`Your tracked postage label for order ${reference}`)
  const number = ready.text.match(TRACKING)![0]
  expect(ready.text).toContain(`Its tracking number is ${number}`)
  expect(await labelKeywords(request, linkIn(ready, '/order-tracker-details/label?order='))).toContain(number)
  const atCarrier = (await carrier('GET', `/admin/parcels?reference=${reference}`)).parcels
  expect(atCarrier).toEqual([expect.objectContaining({ trackingNumber: number, cancelled: false })])
})

test('a second label replaces the first, which the carrier cancels; once posted, the label stays', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const email = uniqueEmail('second-label')
  const reference = await checkOut(page, email)
  const confirmation = await mailTo(email, new RegExp(`order ${reference}`))
  const orderLink = linkIn(confirmation, '/order-tracker-details?order=')
  const tracking = page.getByText(/Your parcel’s tracking number:/)
  await expect(async () => {
    await page.goto(orderLink)
    await expect(tracking).toBeVisible({ timeout: 1000 })
  }).toPass({ timeout: 20_000 })
  const first = (await tracking.textContent())!.match(TRACKING)![0]

  await page.getByRole('button', { name: 'Get a new postage label' }).click()
  await expect(page.getByText('Here is your new label. The old one no longer works.')).toBeVisible()
  const second = (await tracking.textContent())!.match(TRACKING)![0]
  expect(second).not.toBe(first)
  const atCarrier = (await carrier('GET', `/admin/parcels?reference=${reference}`)).parcels
  expect(atCarrier).toEqual([
    expect.objectContaining({ trackingNumber: first, cancelled: true }),
    expect.objectContaining({ trackingNumber: second, cancelled: false }),
  ])
  expect(await labelKeywords(request, linkIn(confirmation, '/order-tracker-details/label?order='))).toContain(second)

  // Handed in: the page no longer offers a new label (the store refuses one once posted: parcels.test.ts).
  await carrier('POST', `/admin/events/${second}`, { code: 'EVPPA' })
  const history = page.getByRole('region', { name: 'What has happened' })
  await expect(async () => {
    await page.goto(orderLink)
    await expect(history.getByText('Handed in at a post office')).toBeVisible({ timeout: 1000 })
  }).toPass({ timeout: 90_000 })
  await expect(page.getByRole('button', { name: 'Get a new postage label' })).toHaveCount(0)
  expect(await violations(page)).toEqual([])
})

test('staff print a postage pack’s label: the carrier’s tracked label, as the seller’s own link gives it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000)
  const reference = await checkOut(page, uniqueEmail('pack-label'), undefined, true)
  let number = ''
  await expect(async () => {
    const made = (await carrier('GET', `/admin/parcels?reference=${reference}`)).parcels as { trackingNumber: string }[]
    expect(made).toHaveLength(1)
    number = made[0]!.trackingNumber
  }).toPass({ timeout: 20_000 })

  const staff = await staffPage(browser)
  await staff.goto(`/admin/orders?view=packs&q=${reference}`)
  const link = staff.getByRole('link', { name: `Print the label for ${reference} (PDF)` })
  const href = (await link.getAttribute('href'))!
  expect(await labelKeywords(staff.request, href)).toContain(number)
  expect(await violations(staff)).toEqual([])
  await staff.screenshot({ path: test.info().outputPath('packs-1280.png') })
  await staff.setViewportSize({ width: 375, height: 800 })
  expect(await violations(staff)).toEqual([])
  // The list scrolls in its own region: the page itself is no wider than the phone.
  expect(await staff.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  await staff.screenshot({ path: test.info().outputPath('packs-375.png'), fullPage: true })
  // The order's own page links the same label.
  await staff.goto(`/admin/orders/${reference}`)
  await expect(staff.getByRole('link', { name: `Print the label for ${reference} (PDF)` })).toHaveAttribute(
    'href',
    href,
  )

  // The staff address gives the seller (or anyone not staff) nothing.
  const stranger = await page.request.get(href)
  expect(stranger.status()).toBe(404)
  expect(stranger.headers()['content-type'] ?? '').not.toContain('pdf')
})

test('a parcel lost at the carrier is astray after the days set: the seller is e-mailed and texted once, and goods-in lists it', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000)
  const email = uniqueEmail('astray')
  const reference = await checkOut(page, email)
  const confirmation = await mailTo(email, new RegExp(`order ${reference}`))
  const orderLink = linkIn(confirmation, '/order-tracker-details?order=')
  let number = ''
  await expect(async () => {
    const parcels = (await carrier('GET', `/admin/parcels?reference=${reference}`)).parcels as {
      trackingNumber: string
    }[]
    expect(parcels).toHaveLength(1)
    number = parcels[0]!.trackingNumber
  }).toPass({ timeout: 20_000 })

  // Days cannot pass in a test: the carrier says it was handed in six days ago (the seed's days
  // without a scan are five), and then loses it. Nothing in the site is told anything but what the
  // carrier answers.
  const sixDaysAgo = new Date(Date.now() - 6 * 86_400_000).toISOString()
  await carrier('POST', `/admin/events/${number}`, { code: 'EVPPA', at: sixDaysAgo })
  await carrier('POST', `/admin/lose/${number}`)

  // Within the minute jobs' runs: the tracking job reads the scan, the astray job tells the seller.
  const astray = await mailTo(email, /has not been scanned/, 0, 150_000)
  expect(astray.subject).toBe(`Your parcel for order ${reference} has not been scanned for 5 days`)
  expect(astray.text).toContain(number)
  expect(astray.text).toContain('proof of postage')
  const texts = async () =>
    (
      (await (
        await fetch(`${SMS_STANDIN}/admin/sent`, { headers: { authorization: `Bearer ${STAND_IN_KEY}` } })
      ).json()) as { texts: { to: string; body: string }[] }
    ).texts.filter((text) => text.body.includes(reference))
  await expect.poll(async () => (await texts()).length, { timeout: 90_000 }).toBe(1)
  expect((await texts())[0]).toMatchObject({ to: '+447700900456' })
  expect((await texts())[0]!.body).toContain('proof of postage')

  // The seller's history says so.
  const history = page.getByRole('region', { name: 'What has happened' })
  await page.goto(orderLink)
  await expect(history.getByText('No scan for 5 days: we have written to you')).toBeVisible()

  // Goods-in lists it under Astray, with its number and last scan.
  const staff = await staffPage(browser)
  await staff.goto('/admin/goods-in/expected')
  const row = staff.getByRole('region', { name: /^Astray \(\d+\)$/ }).getByRole('row', { name: new RegExp(reference) })
  await expect(row.getByRole('cell', { name: number })).toBeVisible()
  await expect(row.getByRole('cell', { name: /^Handed in at a post office, / })).toBeVisible()
  expect(await violations(staff)).toEqual([])
  // And its staff page's history.
  await staff.goto(`/admin/orders/${reference}`)
  await expect(staff.getByText('No scan for 5 days: we have written to you')).toBeVisible()

  // Two further runs of the jobs change nothing: one e-mail, one text.
  await page.waitForTimeout((2 * JOBS_EVERY_SECONDS + 1) * 1000)
  expect(await texts()).toHaveLength(1)
  // The order's confirmation and the one e-mail about the parcel.
  expect(await mailCount(email)).toBe(2)
})
