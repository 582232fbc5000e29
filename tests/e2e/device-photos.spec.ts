import { expect, test, type Browser, type Page } from '@playwright/test'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { uniqueEmail } from '../support/e2e-env'
import { confirmEmail, errorSummary, linkIn, mailCount, mailTo, newSeller, ownAddress, signUp } from './account-helpers'
import { violations } from './axe'
import { readPageForm, sendPageForm } from './form-post'
import { approveRise, placeOrder, RISE_WAITING, staffDoes, staffPage, statusName, orderByPost } from './order-helpers'
import { addGoodIphone, choose, GOOD_CHOICES, quoteForm } from './sell-helpers'

// Photos with a revised offer, each device answered on its own: the seller's and staff's journey.
// Skipped in beforeAll: a project that skips never opens a page for it.
test.beforeAll(({}, testInfo) =>
  test.skip(testInfo.project.name !== 'desktop', 'the order lifecycle runs once, at desktop width'),
)
test.beforeEach(async ({ page }) => {
  test.setTimeout(180_000)
  await ownAddress(page)
})

const IPHONE_13 = 'Apple iPhone 13 128GB'
const IPHONE_14 = 'Apple iPhone 14 128GB'
const SHOTS = process.env.PHOTO_SHOTS_DIR

/** A phone camera's JPEG, with its maker and a GPS position in its EXIF. */
const cameraPhoto = async (colour: string) =>
  sharp({ create: { width: 2400, height: 1800, channels: 3, background: colour } })
    .jpeg()
    .withExifMerge({
      IFD0: { Make: 'PhoneMaker', Model: 'Secret Phone' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
    })
    .toBuffer()

async function addGood(page: Page, slug: string, device: string) {
  await page.goto(`/sell-my-phone/${slug}`)
  await choose(page, GOOD_CHOICES)
  await quoteForm(page).getByRole('button', { name: 'Add to basket' }).click()
  await expect(quoteForm(page).getByRole('status')).toContainText(`${device} is in your basket.`)
}

const photosOf = (staff: Page, device: string) =>
  staff.getByRole('region', { name: 'Photos', exact: true }).getByRole('region', { name: device })

/** Staff add photos to one device from the order's page: files into the field, then the button. */
async function upload(staff: Page, device: string, files: Parameters<Page['setInputFiles']>[1]) {
  const block = photosOf(staff, device)
  await block.getByLabel('Add photos of this device', { exact: true }).setInputFiles(files)
  await block.getByRole('button', { name: 'Upload photos' }).click()
  await expect(staff).toHaveURL(/[?&](photos|photoProblem)=/)
}

const statusOnStaffPage = (staff: Page) => staff.locator('.admin-facts__status')

async function shoot(page: Page, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    const file = test.info().outputPath(`${name}-${width}.png`)
    await page.screenshot({ path: file, fullPage: true })
    if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true })
  }
  await page.setViewportSize({ width: 1280, height: 900 })
}

/** A second seller's order, for their signed link. */
async function otherSellersLink(browser: Browser): Promise<string> {
  const page = await (await browser.newContext()).newPage()
  await ownAddress(page)
  const { receipt } = await orderByPost(page, uniqueEmail('other-seller'))
  await page.context().close()
  return new URL(receipt).searchParams.get('order')!
}

test('staff photograph two devices; the seller sees the photos, accepts the higher price and declines the lower; nobody else sees them', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('photos')
  await addGoodIphone(page)
  await addGood(page, 'iphone-14', IPHONE_14)
  const { reference } = await placeOrder(page, email)

  const staff = await staffPage(browser)
  await staffDoes(staff, reference, 'Mark received')

  // Two camera photos of the iPhone 13, then two refusals in the content's words.
  await staff.goto(`/admin/orders/${reference}`)
  await upload(staff, IPHONE_13, [
    { name: 'IMG_0001.JPG', mimeType: 'image/jpeg', buffer: await cameraPhoto('#b22') },
    { name: 'IMG_0002.JPG', mimeType: 'image/jpeg', buffer: await cameraPhoto('#2b2') },
  ])
  await expect(photosOf(staff, IPHONE_13).getByRole('status')).toHaveText('Photos added.')
  const staffPhotos = photosOf(staff, IPHONE_13).getByRole('img')
  await expect(staffPhotos).toHaveCount(2)
  await expect(staffPhotos.first()).toHaveAttribute('alt', `Photo 1 of the ${IPHONE_13}`)
  await expect.poll(() => staffPhotos.first().evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1600)

  await upload(staff, IPHONE_14, [
    { name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not a photo at all') },
  ])
  await expect(photosOf(staff, IPHONE_14).getByRole('alert')).toHaveText(
    'That file is not a photo. Upload JPEG, PNG, WebP or HEIC photos.',
  )
  await expect(photosOf(staff, IPHONE_14).getByLabel('Add photos of this device')).toHaveAttribute(
    'aria-invalid',
    'true',
  )
  await upload(staff, IPHONE_14, [{ name: 'front.png', mimeType: 'image/png', buffer: await cameraPhoto('#22b') }])
  await expect(photosOf(staff, IPHONE_14).getByRole('img')).toHaveCount(1)
  // A post from another site changes nothing: the same 404 a stranger gets.
  const forged = await staff.request.post(`/api/orders/${reference}/photos?item=x`, {
    headers: { origin: 'https://evil.example' },
    multipart: { photos: { name: 'a.jpg', mimeType: 'image/jpeg', buffer: await cameraPhoto('#000') } },
    maxRedirects: 0,
  })
  expect(forged.status()).toBe(404)
  expect(await violations(staff)).toEqual([])
  await shoot(staff, 'staff-check-with-photos')

  await staffDoes(staff, reference, 'Record the check', async () => {
    await staff.getByRole('group', { name: IPHONE_13 }).getByLabel('IMEI').fill('356938035643809')
    await staff.getByRole('group', { name: IPHONE_14 }).getByLabel('IMEI').fill('490154203237518')
  })
  // Down for the scratched iPhone 13, up for the iPhone 14 that is better than described.
  await staffDoes(
    staff,
    reference,
    'Make a revised offer',
    async () => {
      const phone13 = staff.getByRole('group', { name: IPHONE_13 })
      await phone13.getByLabel('New price in pounds').fill('80')
      await phone13.getByLabel('Reason, shown to the seller').fill('The back has a deep scratch')
      const phone14 = staff.getByRole('group', { name: IPHONE_14 })
      await phone14.getByLabel('New price in pounds').fill('200')
      await phone14.getByLabel('Reason, shown to the seller').fill('Like new: better than described')
    },
    RISE_WAITING,
  )
  // A price above the quote is sent once a manager approved it.
  await approveRise(await staffPage(browser, 'manager'), reference, 'The photos show it like new')

  // The e-mail, as the seller reads it: each device's old and new price, the photos, the deadline.
  const offer = await mailTo(email, new RegExp(`^A new offer for your order ${reference}$`))
  expect(offer.text).toContain(`${IPHONE_13}: £114, now £80`)
  expect(offer.text).toMatch(new RegExp(`${IPHONE_14}: £\\d+, now £200`))
  expect(offer.text).toContain('The back has a deep scratch')
  expect(offer.text).toMatch(/by \w+day, \d{1,2} \w+ \d{4}: a device you decline comes back to you free/)
  expect(offer.text).toContain('If you do not answer by then, we accept the new price for you and pay it.')
  expect(offer.text).toContain('Photos from our check')
  const photoLinks = [...offer.text.matchAll(/Photo (\d) of your ([^:]+):\n(https?:\/\/\S+)/g)]
  expect(photoLinks.map(([, n, device]) => `${n} ${device}`)).toEqual([
    `1 ${IPHONE_13}`,
    `2 ${IPHONE_13}`,
    `1 ${IPHONE_14}`,
  ])

  // The photo link opens for whoever holds the e-mail, as an image with no EXIF or location, never cached.
  const stranger = await browser.newContext()
  const photoUrl = new URL(photoLinks[0]![3]!)
  const opened = await stranger.request.get(`${photoUrl.pathname}${photoUrl.search}`)
  expect(opened.status()).toBe(200)
  expect(opened.headers()['content-type']).toBe('image/webp')
  expect(opened.headers()['cache-control']).toBe('private, no-store')
  // As documented: the photo's address, which grants it, is never sent on to another page.
  expect(opened.headers()['referrer-policy']).toBe('no-referrer')
  const served = await opened.body()
  expect(served.includes(Buffer.from('PhoneMaker'))).toBe(false)
  expect((await sharp(served).metadata()).exif).toBeUndefined()

  // The link grants that photo and nothing else: a friend it is forwarded to cannot open the
  // order, answer the offer, ask for a bank-details code, or open the device's other photo.
  const [grantName, grant] = [...photoUrl.searchParams.entries()][0]!
  const forwarded = await stranger.newPage()
  await ownAddress(forwarded)
  await forwarded.goto(`/order-tracker-details?order=${encodeURIComponent(grant)}`)
  await expect(
    forwarded.getByRole('alert').filter({ hasText: /This link has expired or is not complete/ }),
  ).toBeVisible()
  await expect(forwarded.getByRole('button', { name: /Accept|Decline|Cancel|code/ })).toHaveCount(0)
  const sellerLink = linkIn(offer, '/order-tracker-details?order=')
  const acceptForm = await readPageForm(stranger.request, sellerLink, { button: 'Accept £200' })
  const forgedAccept = await sendPageForm(stranger.request, sellerLink, { ...acceptForm.hidden, token: grant })
  expect(forgedAccept.problems.map((problem) => problem.code)).toEqual(['linkInvalid'])
  const askForm = await readPageForm(stranger.request, sellerLink, { button: 'E-mail me a code to change them' })
  const mailsBefore = await mailCount(email)
  const forgedAsk = await sendPageForm(stranger.request, sellerLink, { ...askForm.hidden, token: grant })
  expect(forgedAsk.problems.map((problem) => problem.code)).toEqual(['linkInvalid'])
  expect(await mailCount(email)).toBe(mailsBefore)
  const secondPhoto = new URL(photoLinks[1]![3]!).pathname
  expect((await stranger.request.get(`${secondPhoto}?${grantName}=${encodeURIComponent(grant)}`)).status()).toBe(404)
  expect((await stranger.request.get(`${secondPhoto}?order=${encodeURIComponent(grant)}`)).status()).toBe(404)
  await forwarded.close()

  // The parcel shows the reference and postcode: the tracker's link they give shows where the
  // order is and what happens next, never the prices, the photos or the bank account's digits.
  const parcel = await (await browser.newContext()).newPage()
  await ownAddress(parcel)
  await parcel.goto('/order-tracker')
  await parcel.getByLabel('Order number', { exact: true }).fill(reference)
  await parcel.getByLabel('E-mail address or postcode', { exact: true }).fill('LS1 4AP')
  await parcel.getByRole('button', { name: 'Find my order' }).click()
  await expect(parcel).toHaveURL(/\/order-tracker-details\?order=/)
  await expect(statusName(parcel)).toHaveText('New offer: please reply')
  await expect(parcel.getByText(/open the link in the e-mail we sent you/).first()).toBeVisible()
  await expect(parcel.locator('main')).not.toContainText('£')
  await expect(parcel.locator('main')).not.toContainText('5678')
  await expect(parcel.locator('main')).not.toContainText('The back has a deep scratch')
  await expect(parcel.getByRole('img', { name: /^Photo \d of the / })).toHaveCount(0)
  await expect(parcel.locator('[src*="/api/order-photos/"], [href*="/api/order-photos/"]')).toHaveCount(0)
  const viewToken = new URL(parcel.url()).searchParams.get('order')!
  expect((await stranger.request.get(`${photoUrl.pathname}?order=${encodeURIComponent(viewToken)}`)).status()).toBe(404)

  // Anyone else: no link, another seller's link, a damaged link, a guessed id: all the same 404.
  const photoPath = photoUrl.pathname
  const theirs = await otherSellersLink(browser)
  for (const address of [
    photoPath,
    `${photoPath}?order=${encodeURIComponent(theirs)}`,
    `${photoPath}?${grantName}=${encodeURIComponent(grant.slice(0, -2))}xx`,
    `/api/order-photos/${randomUUID()}${photoUrl.search}`,
    `/api/order-photos/not-an-id${photoUrl.search}`,
  ]) {
    const refused = await stranger.request.get(address)
    expect(refused.status(), address).toBe(404)
    expect(refused.headers()['referrer-policy'], address).toBe('no-referrer')
  }
  // Another seller, signed in to their own account: not theirs, the same 404.
  const nosy = newSeller('nosy')
  const nosyPage = await (await browser.newContext()).newPage()
  await ownAddress(nosyPage)
  await signUp(nosyPage, nosy)
  await confirmEmail(nosyPage, await mailTo(nosy.email, /^Confirm your e-mail address$/), nosy.password)
  await expect(nosyPage).toHaveURL(/\/profile\?notice=verified$/)
  expect((await nosyPage.request.get(photoPath)).status()).toBe(404)
  await nosyPage.context().close()
  // Staff see it, signed in.
  expect((await staff.request.get(photoPath)).status()).toBe(200)
  await stranger.close()

  // The seller opens the offer from the e-mail: each device with its prices, reason and photos.
  await page.goto(linkIn(offer, '/order-tracker-details?order='))
  const offerRegion = page.getByRole('region', { name: 'We have a new offer for you' })
  const phone13 = offerRegion.getByRole('article', { name: IPHONE_13 })
  const phone14 = offerRegion.getByRole('article', { name: IPHONE_14 })
  await expect(phone13).toContainText('The back has a deep scratch')
  await expect(phone13.getByRole('img')).toHaveCount(2)
  await expect(phone13.getByRole('img').first()).toHaveAttribute('alt', `Photo 1 of the ${IPHONE_13}`)
  await expect
    .poll(() =>
      phone13
        .getByRole('img')
        .first()
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    )
    .toBe(1600)
  await expect(phone14.getByRole('img')).toHaveCount(1)
  expect(await violations(page)).toEqual([])
  await shoot(page, 'seller-revised-offer')

  await phone14.getByRole('button', { name: 'Accept £200' }).click()
  await expect(page.getByRole('status')).toHaveText(/You accepted the new price for that device/)
  await expect(statusName(page)).toHaveText('New offer: please reply')
  await expect(phone14).toContainText('Accepted: we pay this price.')
  await phone13.getByRole('button', { name: 'Decline and get it back free' }).click()
  await expect(page.getByRole('status')).toHaveText(/You declined the new price for that device/)
  await expect(statusName(page)).toHaveText('Offer accepted')
  // The photos stay on the order page after the offer is answered.
  await expect(page.getByRole('region', { name: 'Photos from our check' }).getByRole('img')).toHaveCount(3)

  // A manager pays the accepted device at its higher price, and only it.
  const manager = await staffPage(browser, 'manager')
  await manager.goto(`/admin/orders/${reference}`)
  await expect(manager.getByRole('row', { name: new RegExp(IPHONE_13) })).toContainText('Declined: to post back')
  await expect(manager.getByRole('row', { name: new RegExp(IPHONE_14) })).toContainText('Accepted')
  await staffDoes(manager, reference, 'Mark paid')
  const paid = await mailTo(email, new RegExp(`paid you for order ${reference}`))
  expect(paid.text).toContain('£200')
  expect(paid.text).not.toContain('£280')

  // The declined iPhone 13 goes back free: its tracking number, checked as a return's is, first.
  await manager.goto(`/admin/orders/${reference}`)
  const postBack = manager.getByRole('form', { name: 'Post back the declined devices' })
  await expect(postBack).toContainText(IPHONE_13)
  await expect(postBack).not.toContainText(IPHONE_14)
  expect(await violations(manager)).toEqual([])
  await shoot(manager, 'staff-return-declined')
  await postBack.getByLabel('Return tracking number').fill('no!')
  await postBack.getByRole('button', { name: 'Post back the declined devices' }).click()
  await expect(errorSummary(manager)).toBeFocused()
  await expect(postBack.getByLabel('Return tracking number')).toHaveAttribute('aria-invalid', 'true')
  await postBack.getByLabel('Return tracking number').fill('ab123456789gb')
  await postBack.getByRole('button', { name: 'Post back the declined devices' }).click()
  await expect(manager.getByText('Done.', { exact: true })).toBeVisible()
  await expect(postBack).toHaveCount(0)
  await expect(manager.getByRole('row', { name: new RegExp(IPHONE_13) })).toContainText(
    'Declined: posted back, tracking AB123456789GB',
  )
  await expect(manager.getByRole('row', { name: new RegExp(IPHONE_14) })).not.toContainText('tracking')
  await expect(statusOnStaffPage(manager)).toHaveText('Paid')
  const history = manager.getByRole('region', { name: 'History' }).getByRole('listitem')
  await expect(history.filter({ hasText: 'Declined devices posted back' })).toHaveCount(1)
  const returned = await mailTo(email, new RegExp(`^Your device is on its way back: order ${reference}$`))
  expect(returned.text).toContain('The tracking number is AB123456789GB.')
  // The seller's page says it too.
  await page.reload()
  await expect(page.getByRole('region', { name: 'Where your order is' })).toContainText(
    'Return tracking number: AB123456789GB',
  )
  await shoot(page, 'seller-declined-returned')
  // Paid: the parcel's link still shows neither the amount nor the account's digits.
  await parcel.reload()
  await expect(statusName(parcel)).toHaveText('Paid')
  await expect(parcel.locator('main')).not.toContainText('£')
  // (The return's tracking number, AB123456789GB, holds the digits 5678 too: it is shown, rightly.)
  await expect(parcel.locator('main')).not.toContainText(/ending 5678/)
  await parcel.context().close()
})

test('without scripts: staff upload photos, a 50 MB upload is refused, and the seller accepts a higher price that is paid', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('photos-no-script')
  const { reference } = await orderByPost(page, email)
  const staff = await staffPage(browser)
  await staffDoes(staff, reference, 'Mark received')

  // The same staff member, in a browser with scripts off.
  const plain = await browser.newContext({ javaScriptEnabled: false })
  await plain.addCookies(await staff.context().cookies())
  const staffPlain = await plain.newPage()
  await staffPlain.goto(`/admin/orders/${reference}`)
  await upload(staffPlain, IPHONE_13, [{ name: 'back.jpg', mimeType: 'image/jpeg', buffer: await cameraPhoto('#555') }])
  await expect(photosOf(staffPlain, IPHONE_13).getByRole('status')).toHaveText('Photos added.')
  await expect(photosOf(staffPlain, IPHONE_13).getByRole('img')).toHaveCount(1)

  // 50 MB, a JPEG by its first bytes: refused by its declared length, with the limit in words.
  const folder = mkdtempSync(path.join(tmpdir(), 'big-photo-'))
  const big = Buffer.alloc(50 * 1024 * 1024, 0x20)
  big.set([0xff, 0xd8, 0xff, 0xe0])
  writeFileSync(path.join(folder, 'huge.jpg'), big)
  await upload(staffPlain, IPHONE_13, path.join(folder, 'huge.jpg'))
  await expect(photosOf(staffPlain, IPHONE_13).getByRole('alert')).toHaveText(
    'That upload is too large: each photo may be up to 15 MB. Send fewer or smaller photos.',
  )
  await expect(photosOf(staffPlain, IPHONE_13).getByRole('img')).toHaveCount(1)

  await staffDoes(staff, reference, 'Record the check', async () => {
    await staff.getByLabel('IMEI').fill('356938035643809')
  })
  await staffDoes(
    staff,
    reference,
    'Make a revised offer',
    async () => {
      await staff.getByLabel('New price in pounds').fill('130')
      await staff.getByLabel('Reason, shown to the seller').fill('Better than described: no marks at all')
    },
    RISE_WAITING,
  )
  await approveRise(await staffPage(browser, 'manager'), reference, 'No marks in the photos')

  const offer = await mailTo(email, new RegExp(`^A new offer for your order ${reference}$`))
  expect(offer.text).toContain(`${IPHONE_13}: £114, now £130`)
  const sellerContext = await browser.newContext({ javaScriptEnabled: false })
  const seller = await sellerContext.newPage()
  await ownAddress(seller)
  const link = linkIn(offer, '/order-tracker-details?order=')
  await seller.goto(link)
  // The same offer open in a second tab, answered in the first: its button, pressed later, changes nothing.
  const secondTab = await sellerContext.newPage()
  await ownAddress(secondTab)
  await secondTab.goto(link)
  await expect(seller.getByRole('article', { name: IPHONE_13 }).getByRole('img')).toHaveCount(1)
  await seller.getByRole('button', { name: 'Accept £130' }).click()
  await expect(seller.getByRole('status')).toHaveText(/You accepted the new price/)
  await expect(statusName(seller)).toHaveText('Offer accepted')
  await secondTab.getByRole('button', { name: 'Decline and get it back free' }).click()
  await expect(statusName(secondTab)).toHaveText('Offer accepted')
  await seller.reload()
  await expect(statusName(seller)).toHaveText('Offer accepted')
  await expect(seller.getByRole('row', { name: new RegExp(IPHONE_13) })).toContainText('£130')

  const manager = await staffPage(browser, 'manager')
  await staffDoes(manager, reference, 'Mark paid')
  const paid = await mailTo(email, new RegExp(`paid you for order ${reference}`))
  expect(paid.text).toContain('£130')
  await manager.goto(`/admin/orders/${reference}`)
  const history = manager.getByRole('region', { name: 'History' }).getByRole('listitem')
  // One answer recorded, by the seller, for the one device; the stale tab's decline is not there.
  await expect(history.filter({ hasText: /Seller Accepted New offer: please reply/ })).toHaveCount(1)
  await expect(history.filter({ hasText: /Declined/ })).toHaveCount(0)
})

test('without scripts: staff post back the declined device of an accepted order, once', async ({ page, browser }) => {
  const email = uniqueEmail('declined-no-script')
  await addGoodIphone(page)
  await addGood(page, 'iphone-14', IPHONE_14)
  const { reference } = await placeOrder(page, email)
  const staff = await staffPage(browser)
  await staffDoes(staff, reference, 'Mark received')
  await staffDoes(staff, reference, 'Record the check', async () => {
    await staff.getByRole('group', { name: IPHONE_13 }).getByLabel('IMEI').fill('356938035643809')
    await staff.getByRole('group', { name: IPHONE_14 }).getByLabel('IMEI').fill('490154203237518')
  })
  await staffDoes(staff, reference, 'Make a revised offer', async () => {
    for (const device of [IPHONE_13, IPHONE_14]) {
      const group = staff.getByRole('group', { name: device })
      await group.getByLabel('New price in pounds').fill('90')
      await group.getByLabel('Reason, shown to the seller').fill('Scratched screen')
    }
  })
  const offer = await mailTo(email, new RegExp(`^A new offer for your order ${reference}$`))
  await page.goto(linkIn(offer, '/order-tracker-details?order='))
  const offerRegion = page.getByRole('region', { name: 'We have a new offer for you' })
  await offerRegion.getByRole('article', { name: IPHONE_14 }).getByRole('button', { name: 'Accept £90' }).click()
  await expect(page.getByRole('status')).toHaveText(/You accepted the new price/)
  await offerRegion
    .getByRole('article', { name: IPHONE_13 })
    .getByRole('button', { name: 'Decline and get it back free' })
    .click()
  await expect(statusName(page)).toHaveText('Offer accepted')

  // The staff page's form, posted as a browser with no scripts does: a bad number is refused.
  const path = `/admin/orders/${reference}`
  const form = await readPageForm(staff.request, path, { button: 'Post back the declined devices' })
  const refused = await sendPageForm(staff.request, path, { ...form.hidden, tracking: '12' }, { origin: form.origin })
  expect(refused.status).toBe(200)
  expect(refused.problems.map((problem) => problem.code)).toEqual(['invalid'])
  const sent = await sendPageForm(
    staff.request,
    path,
    { ...form.hidden, tracking: 'CD987654321GB' },
    { origin: form.origin },
  )
  expect(sent.status).toBe(303)
  expect(sent.location).toContain(`${path}?done=returnDeclined`)
  // The same form sent again (a double click, the back button): nothing changes twice.
  const again = await sendPageForm(
    staff.request,
    path,
    { ...form.hidden, tracking: 'EF111111111GB' },
    { origin: form.origin },
  )
  expect(again.problems.map((problem) => problem.code)).toEqual(['nothingToReturn'])

  const returned = await mailTo(email, new RegExp(`^Your device is on its way back: order ${reference}$`))
  expect(returned.text).toContain('The tracking number is CD987654321GB.')
  const plain = await browser.newContext({ javaScriptEnabled: false })
  await plain.addCookies(await staff.context().cookies())
  const staffPlain = await plain.newPage()
  await staffPlain.goto(path)
  await expect(staffPlain.getByRole('row', { name: new RegExp(IPHONE_13) })).toContainText(
    'Declined: posted back, tracking CD987654321GB',
  )
  await expect(staffPlain.getByRole('form', { name: 'Post back the declined devices' })).toHaveCount(0)
  await expect(statusOnStaffPage(staffPlain)).toHaveText('Offer accepted')
  const history = staffPlain.getByRole('region', { name: 'History' }).getByRole('listitem')
  await expect(history.filter({ hasText: 'Declined devices posted back' })).toHaveCount(1)
  // One e-mail: the second post queued none.
  await expect(
    mailTo(email, new RegExp(`^Your device is on its way back: order ${reference}$`), 1, 3_000),
  ).rejects.toThrow()
  await plain.close()
})

// Issue 43, item 2: one member of staff raised an iPhone 13 quoted at £114 to £5,000, the seller
// accepted, and the manager's payment run listed it. A rise now waits for a manager who did not make it.
test('one member of staff cannot take £5,000: the seller sees nothing and no run carries it until a manager approves', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('rise-attack')
  const { reference } = await orderByPost(page, email)
  const orderLink = linkIn(await mailTo(email, /order/i), '/order-tracker-details?order=')
  const staff = await staffPage(browser)
  await staffDoes(staff, reference, 'Mark received')
  await staffDoes(staff, reference, 'Record the check', async () => {
    await staff.getByLabel('IMEI').fill('356938035643809')
  })
  // The form offers the published price for the grade found; the attacker types £5,000 instead.
  await staff.goto(`/admin/orders/${reference}?action=revise`)
  await expect(staff.getByLabel(/^Offer our published price for Good: £\d+/)).toBeVisible()
  const mailsBefore = await mailCount(email)
  await staffDoes(
    staff,
    reference,
    'Make a revised offer',
    async () => {
      await staff.getByLabel('New price in pounds').fill('5000')
      await staff.getByLabel('Reason, shown to the seller').fill('Mint condition')
    },
    RISE_WAITING,
  )
  // Plain staff cannot approve it: the page says a manager must.
  await expect(staff.getByText('A manager must approve it before the seller sees it.')).toBeVisible()
  await expect(staff.getByRole('button', { name: 'Approve and send to the seller' })).toHaveCount(0)

  // The seller is sent nothing and has nothing to accept.
  await page.goto(orderLink)
  await expect(statusName(page)).toHaveText('Checked')
  await expect(page.getByRole('button', { name: /^Accept/ })).toHaveCount(0)
  await expect(page.getByText('£5,000')).toHaveCount(0)
  expect(await mailCount(email)).toBe(mailsBefore)

  // The manager's new run does not carry it, at £5,000 or at the quote.
  const manager = await staffPage(browser, 'manager')
  await manager.goto('/admin/payments/new')
  await expect(manager.getByText(reference)).toHaveCount(0)
  // It is in the managers' list of rises waiting, and on the staff home.
  await manager.goto('/admin/rises')
  await expect(manager.getByRole('row', { name: new RegExp(reference) })).toContainText('£5,000')
  await manager.goto('/admin')
  await expect(manager.getByRole('link', { name: /^Price rises waiting for approval: [1-9]/ })).toBeVisible()

  // Refused, with why: the seller is still sent nothing, and the history says who and why.
  await manager.goto(`/admin/orders/${reference}`)
  const refuse = manager.getByRole('form', { name: 'Refuse the rise' })
  await refuse.getByRole('button', { name: 'Refuse the rise' }).click()
  await expect(manager.getByRole('link', { name: 'Why (kept in the history)' })).toBeVisible()
  await refuse.getByLabel('Why (kept in the history)').fill('The photos show a cracked back')
  await refuse.getByRole('button', { name: 'Refuse the rise' }).click()
  await expect(manager.getByText('Refused: the order is checked again, and a new offer can be made.')).toBeVisible()
  const history = manager.getByRole('region', { name: 'History' }).getByRole('listitem')
  await expect(history.filter({ hasText: /Refused the price rise.*The photos show a cracked back/ })).toHaveCount(1)
  await expect(history.filter({ hasText: /Asked for a price above the quote.*£5,000 \(Mint condition\)/ })).toHaveCount(
    1,
  )
  expect(await mailCount(email)).toBe(mailsBefore)
})
