import { spawnSync } from 'node:child_process'
import { chromium, expect, request as requests, test } from '@playwright/test'
import sharp from 'sharp'
import { CHROMIUM_FLAGS, TEST_CHROMIUM_PATH } from '../../scripts/chromium.mjs'
import { SERVER_SECRETS, testClientAddress, uniqueEmail } from '../support/e2e-env'
import { GOOD_IPHONE, visitor } from '../e2e/basket-client'
import { readPageForm, sendPageForm } from '../e2e/form-post'
import { enrolTwoFactor } from '../e2e/order-helpers'
import { checkoutFields } from '../support/checkout-fields'
import { DATABASE, INSTANCE_A, INSTANCE_B, STACK_OUTBOX } from './stack-env'

const STAFF = { email: 'stack.photos@handback.example', password: 'stack photos staff password 42', name: 'Sam Stack' }

test('a photo uploaded through instance A is shown by instance B, to the seller’s link only', async () => {
  test.setTimeout(180_000)
  // A member of staff, made with the real command against the stack's database.
  const made = spawnSync(
    'npm',
    ['run', 'staff:create', '--', '--email', STAFF.email, '--role', 'staff', '--name', STAFF.name],
    { env: { ...process.env, ...SERVER_SECRETS, DATABASE_URL: DATABASE } },
  )
  expect(made.status, made.stderr.toString()).toBe(0)

  // A seller's order, placed through B without scripts; its receipt's signed link.
  const address = testClientAddress()
  const onB = await requests.newContext({ baseURL: INSTANCE_B })
  expect((await visitor(onB, address).add(GOOD_IPHONE)).status).toBe(303)
  const headers = { 'x-forwarded-for': address }
  const checkout = await readPageForm(onB, '/complete-order', { form: 'idempotencyKey', headers })
  const placed = await sendPageForm(
    onB,
    '/complete-order',
    { ...checkout.hidden, ...checkoutFields(uniqueEmail('stack-photos')) },
    { origin: checkout.origin, headers },
  )
  expect(placed.status).toBe(303)
  const token = new URL(placed.location!, INSTANCE_B).searchParams.get('order')!
  const reference = /HB-[0-9A-Z]{4}-[0-9A-Z]{4}/.exec(token)![0]

  // Staff on A: log in, set up two-step login, receive the parcel, photograph the device.
  const browser = await chromium.launch({ executablePath: TEST_CHROMIUM_PATH, args: CHROMIUM_FLAGS })
  try {
    const page = await (await browser.newContext({ baseURL: INSTANCE_A })).newPage()
    // From the invitation the command sent, delivered by the stack into its outbox.
    await enrolTwoFactor(page, STAFF, undefined, STACK_OUTBOX)
    await page.goto(`/admin/orders/${reference}?action=receive#action-form`)
    await page.getByRole('button', { name: 'Confirm', exact: true }).click()
    await expect(page.getByText('Done.', { exact: true })).toBeVisible()
    const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#a33' } })
      .jpeg()
      .toBuffer()
    await page.getByLabel('Add photos of this device', { exact: true }).setInputFiles({
      name: 'back.jpg',
      mimeType: 'image/jpeg',
      buffer: photo,
    })
    await page.getByRole('button', { name: 'Upload photos' }).click()
    await expect(page).toHaveURL(new RegExp(`^${INSTANCE_A}/admin/orders/${reference}\\?photos=added`))
    const src = await page.getByRole('img', { name: /^Photo 1 of the / }).getAttribute('src')
    const id = /\/api\/order-photos\/([0-9a-f-]{36})$/.exec(src!)![1]!

    // B serves it to the seller's link, and shows it on their order page; without the link, nothing.
    const stranger = await requests.newContext({ baseURL: INSTANCE_B })
    const served = await stranger.get(`/api/order-photos/${id}?order=${encodeURIComponent(token)}`)
    expect(served.status()).toBe(200)
    expect(served.headers()['content-type']).toBe('image/webp')
    expect((await sharp(await served.body()).metadata()).width).toBe(1200)
    expect((await stranger.get(`/api/order-photos/${id}`)).status()).toBe(404)
    const orderPage = await (await stranger.get(`/order-tracker-details?order=${encodeURIComponent(token)}`)).text()
    // Each photo on the page carries a grant to that photo alone, not the order's link.
    expect(orderPage).toContain(`/api/order-photos/${id}?photo=`)
    expect(orderPage).not.toContain(`/api/order-photos/${id}?order=`)
    await stranger.dispose()
  } finally {
    await browser.close()
    await onB.dispose()
  }
})
