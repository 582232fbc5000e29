import { expect, test } from '@playwright/test'
import sharp from 'sharp'
import { uniqueEmail } from '../support/e2e-env'
import { linkIn, mailTo, ownAddress } from './account-helpers'
import { placeOrder, staffPage, orderByPost } from './order-helpers'
import { addGoodIphone, basketLine, basketPanel, cartButton, IPHONE_13, lineQuantity } from './sell-helpers'

// Proof of identity asked, sent, seen, and its photo gone: staff ask from the order's page, the
// seller follows the e-mail and sends a photo of their passport, staff look at it and record it as
// seen; afterwards only the fact is on the page, and the photo's address opens nothing.
test.beforeAll(({}, testInfo) =>
  test.skip(testInfo.project.name !== 'desktop', 'the order lifecycle runs once, at desktop width'),
)
test.beforeEach(async ({ page }) => {
  test.setTimeout(180_000)
  await ownAddress(page)
})

const passportPhoto = () =>
  sharp({ create: { width: 1600, height: 1100, channels: 3, background: '#c8d4e0' } })
    .jpeg()
    .toBuffer()

test('an identity check asked, uploaded, verified and its image gone', async ({ page, browser }) => {
  const email = uniqueEmail('identity')
  const { reference } = await orderByPost(page, email)

  const staff = await staffPage(browser)
  await staff.goto(`/admin/orders/${reference}`)
  const panel = staff.getByRole('region', { name: 'Proof of identity' })
  await panel.getByRole('button', { name: 'Ask the seller for proof of identity' }).click()
  await expect(panel).toContainText('Asked by staff.')
  await expect(panel).toContainText('Waiting for the seller’s photo.')

  // The seller's own order page says it is asked, and points to the e-mail rather than repeat its link.
  const orderLink = linkIn(await mailTo(email, new RegExp(`order ${reference}`)), '/order-tracker-details?order=')
  await page.goto(orderLink)
  const waiting = page.getByRole('region', { name: 'Proof of identity' })
  await expect(waiting).toContainText('Use the link in the e-mail we sent you on')
  await expect(waiting.getByRole('link')).toHaveCount(0)

  const asked = await mailTo(email, /proof of identity, please/)
  const link = linkIn(asked, '/proof-of-identity?token=')
  await page.goto(link)
  await expect(page.getByText(`For order ${reference}, send a clear photo`)).toBeVisible()
  // A file that is not a photo is refused in the content's words, and nothing is kept.
  await page.getByRole('radio', { name: 'Passport' }).check()
  await page.getByLabel('A photo of the document').setInputFiles({
    name: 'passport.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from('not a photo at all'),
  })
  await page.getByRole('button', { name: 'Send the photo' }).click()
  await expect(
    page.getByRole('alert').filter({ hasText: 'The file is not a photo. Send a JPEG, PNG, WebP, HEIC or AVIF photo.' }),
  ).toBeVisible()
  await page.getByRole('radio', { name: 'Passport' }).check()
  await page.getByLabel('A photo of the document').setInputFiles({
    name: 'passport.jpg',
    mimeType: 'image/jpeg',
    buffer: await passportPhoto(),
  })
  await page.getByRole('button', { name: 'Send the photo' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'Thank you. Your photo has arrived and waits for our team.' }),
  ).toBeVisible()

  await page.goto(orderLink)
  await expect(waiting).toContainText('Your photo of your identity document has arrived')

  await staff.reload()
  await expect(panel).toContainText('Passport')
  const photoAddress = `/admin/orders/${reference}/identity`
  const photo = await staff.request.get(photoAddress)
  expect(photo.status()).toBe(200)
  expect(photo.headers()['content-type']).toBe('image/webp')
  expect((await page.request.get(photoAddress)).status()).toBe(404)

  await panel.getByRole('button', { name: 'The document is genuine and matches the seller' }).click()
  await expect(panel).toContainText(/Passport seen by .+ at /)
  await expect(panel.getByRole('button')).toHaveCount(0)
  expect((await staff.request.get(photoAddress)).status()).toBe(404)
  await expect(staff.getByRole('region', { name: 'History' })).toContainText('Proof of identity seen')

  // Seen: the order page says nothing more of it, and the seller's link opens nothing.
  await page.goto(orderLink)
  await expect(waiting).toHaveCount(0)
  await page.goto(link)
  await expect(
    page.getByRole('alert').filter({ hasText: 'This link does not open a request for proof of identity.' }),
  ).toBeVisible()
})

test('a refused document: the seller’s page says so until staff ask again, whose new link works and the old does not', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('identity-refused')
  const { reference } = await orderByPost(page, email)
  const staff = await staffPage(browser)
  await staff.goto(`/admin/orders/${reference}`)
  const panel = staff.getByRole('region', { name: 'Proof of identity' })
  const ask = panel.getByRole('button', { name: 'Ask the seller for proof of identity' })
  await ask.click()
  await expect(panel).toContainText('Waiting for the seller’s photo.')
  await expect(ask).toHaveCount(0)

  const send = async (link: string) => {
    await page.goto(link)
    await page.getByRole('radio', { name: 'UK photocard driving licence' }).check()
    await page
      .getByLabel('A photo of the document')
      .setInputFiles({ name: 'licence.jpg', mimeType: 'image/jpeg', buffer: await passportPhoto() })
    await page.getByRole('button', { name: 'Send the photo' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Your photo has arrived' })).toBeVisible()
  }
  const first = linkIn(await mailTo(email, /proof of identity, please/), '/proof-of-identity?token=')
  await send(first)
  await staff.reload()
  await panel.getByRole('button', { name: 'Refuse the document' }).click()
  await expect(panel).toContainText(/UK photocard driving licence refused by .+ at /)

  const orderLink = linkIn(await mailTo(email, new RegExp(`order ${reference}`)), '/order-tracker-details?order=')
  await page.goto(orderLink)
  const section = page.getByRole('region', { name: 'Proof of identity' })
  await expect(section).toContainText(
    'We could not accept the photo of your identity document, so this order is not paid yet. Call us on 020 7946 0123',
  )

  await ask.click()
  await expect(panel).toContainText('Waiting for the seller’s photo.')
  const second = linkIn(await mailTo(email, /proof of identity, please/, 1), '/proof-of-identity?token=')
  expect(second).not.toBe(first)
  await page.goto(first)
  await expect(
    page.getByRole('alert').filter({ hasText: 'This link does not open a request for proof of identity.' }),
  ).toBeVisible()
  await page.goto(orderLink)
  await expect(section).toContainText('Use the link in the e-mail we sent you on')
  await send(second)
  await page.goto(orderLink)
  await expect(section).toContainText('Your photo of your identity document has arrived')
})

test('an order placed above the amount set asks for proof of identity at checkout', async ({ page }) => {
  const email = uniqueEmail('identity-checkout')
  await addGoodIphone(page)
  await cartButton(page).click()
  const panel = basketPanel(page)
  const line = basketLine(panel, IPHONE_13.device)
  // Nine at £114 make £1,026: above the seed's amount (Orders → Proof of identity, £1,000).
  for (let count = 2; count <= 9; count++) {
    await panel.getByRole('button', { name: `Add one more ${IPHONE_13.device}` }).click()
    await expect(lineQuantity(line, IPHONE_13.device)).toHaveText(String(count))
  }
  await expect(panel).toContainText('We’ll pay you up to £1,026')
  const { reference } = await placeOrder(page, email)

  // Asked with the order itself: the e-mail with the upload link is in the outbox beside the confirmation.
  const asked = await mailTo(email, new RegExp(`^Order ${reference}: proof of identity, please$`))
  const link = linkIn(asked, '/proof-of-identity?token=')
  const confirmation = await mailTo(email, new RegExp(`^Your .+ order ${reference}$`))
  await page.goto(linkIn(confirmation, '/order-tracker-details?order='))
  await expect(page.getByRole('region', { name: 'Proof of identity' })).toContainText(
    'We pay for this order once we have seen proof of your identity.',
  )
  await page.goto(link)
  await expect(page.getByText(`For order ${reference}, send a clear photo`)).toBeVisible()
})
