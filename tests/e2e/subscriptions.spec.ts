import { readFileSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import path from 'node:path'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { encodeSignatureHeader } from '@sanity/webhook'
import { readOutboxFiles } from '../../web/mail/eml'
import { MAIL_OUTBOX_DIR, REVALIDATE_SECRET, SEED_COPY_PATH, testClientAddress, uniqueEmail } from '../support/e2e-env'
import { postPageForm, unescape } from './form-post'
import { editSeedLine, type Doc } from '../support/seed-copy'
import { linkIn, mailCount, mailTo, outboxCaughtUp, ownAddress } from './account-helpers'
import { violations } from './axe'

test.beforeEach(({}, testInfo) => test.skip(testInfo.project.name !== 'desktop', 'one viewport is enough'))

const strip = (page: Page) => page.getByRole('region', { name: 'Get price alerts' })
const CONFIRM_NEWSLETTER = /^Confirm your sign-up to Handback news$/

/** The raw message (headers and all) of the newest e-mail to `to` whose subject matches. */
async function rawMail(to: string, subject: RegExp): Promise<string> {
  const files = (await readOutboxFiles(MAIL_OUTBOX_DIR)).filter(
    ({ mail }) => mail.to === to && subject.test(mail.subject),
  )
  const newest = files.at(-1)
  expect(newest, `an e-mail to ${to} about ${subject}`).toBeDefined()
  return readFileSync(path.join(MAIL_OUTBOX_DIR, newest!.file), 'utf8')
}

/** A header of a raw message, its folded lines joined. */
function header(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ')
  return new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1]
}

async function signUp(page: Page, email: string) {
  await page.goto('/about')
  const form = strip(page)
  await form.getByLabel('Your e-mail address').fill(email)
  await form.getByRole('checkbox', { name: /I agree/ }).check()
  await form.getByRole('button', { name: 'Subscribe' }).click()
  await expect(form.getByRole('status')).toHaveText(
    'Nearly there: we have sent you an e-mail. Open the link in it to confirm your sign-up.',
  )
}

test('newsletter: sign up, confirm from the e-mail, unsubscribe from the link in it', async ({ page }) => {
  await ownAddress(page)
  const email = uniqueEmail('newsletter')
  await signUp(page, email)

  const confirm = await mailTo(email, CONFIRM_NEWSLETTER)
  expect(confirm.text).toContain('The link works for 7 days.')
  // Opening the link changes nothing (a mail scanner opens links too): its button does.
  await page.goto(linkIn(confirm, '/confirm-subscription?token='))
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your subscription' })).toBeVisible()
  await expect(page.getByText(`Confirm that you want Handback news at ${email}`)).toBeVisible()
  expect(await violations(page)).toEqual([])
  await page.getByRole('button', { name: 'Confirm' }).click()
  const done = page.getByRole('status')
  await expect(done).toHaveText(/^You are signed up\./)
  await expect(done).toBeFocused()
  // The link again: already confirmed, said as such.
  await page.goto(linkIn(confirm, '/confirm-subscription?token='))
  await expect(page.getByText(/^You are signed up\./)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Confirm' })).toHaveCount(0)

  // Signing up again once confirmed: the same answer, and no second e-mail.
  await signUp(page, email)
  await outboxCaughtUp(page.request)
  expect(await mailCount(email)).toBe(1)

  await page.goto(linkIn(confirm, '/unsubscribe?s='))
  await expect(page.getByRole('heading', { level: 1, name: 'Unsubscribe' })).toBeVisible()
  await expect(page.getByText(`Stop Handback news to ${email}?`)).toBeVisible()
  await page.getByRole('button', { name: 'Unsubscribe' }).click()
  await expect(page.getByRole('status')).toHaveText(/^You are unsubscribed\./)
  // Once gone, the link says so, and offers nothing more to press.
  await page.goto(linkIn(confirm, '/unsubscribe?s='))
  await expect(page.getByText(/^You are unsubscribed\./)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Unsubscribe' })).toHaveCount(0)
})

test('every subscriber e-mail carries one-click unsubscribe headers that work with no cookie and no login', async ({
  page,
  playwright,
}) => {
  await ownAddress(page)
  const email = uniqueEmail('oneclick')
  await signUp(page, email)
  await mailTo(email, CONFIRM_NEWSLETTER)
  const raw = await rawMail(email, CONFIRM_NEWSLETTER)
  expect(header(raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click')
  const target = /^<(https?:\/\/[^>]+\/api\/unsubscribe\?s=[0-9a-f-]{36}&t=[\w-]+)>$/.exec(
    header(raw, 'List-Unsubscribe') ?? '',
  )?.[1]
  expect(target).toBeDefined()
  const url = new URL(target!)
  // A mail provider's POST: no cookie, no Origin of ours, nothing but the RFC's body.
  const stranger = await playwright.request.newContext({ baseURL: url.origin })
  try {
    const forged = `${url.pathname}?s=${url.searchParams.get('s')}&t=${'A'.repeat(43)}`
    const oneClick = {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      data: 'List-Unsubscribe=One-Click',
    }
    const refused = await stranger.post(forged, oneClick)
    expect(refused.status()).toBe(400)
    // Still subscribed: the page behind the real link still offers the button.
    const page2 = `/unsubscribe${url.search}`
    await page.goto(page2)
    await expect(page.getByRole('button', { name: 'Unsubscribe' })).toBeVisible()
    // A link scanner's GET changes nothing either: it is shown the page.
    const scanned = await stranger.get(`${url.pathname}${url.search}`, { maxRedirects: 0 })
    expect(scanned.status()).toBe(303)
    await page.goto(page2)
    await expect(page.getByRole('button', { name: 'Unsubscribe' })).toBeVisible()

    const accepted = await stranger.post(`${url.pathname}${url.search}`, oneClick)
    expect(accepted.status()).toBe(200)
    expect(await stranger.post(`${url.pathname}${url.search}`, oneClick).then((r) => r.status())).toBe(200)
  } finally {
    await stranger.dispose()
  }
  await page.goto(`/unsubscribe${url.search}`)
  await expect(page.getByText(/^You are unsubscribed\./)).toBeVisible()
})

test('a confirmation link that is wrong, or an unsubscribe link whose signature is, does nothing and says so', async ({
  page,
}) => {
  await page.goto(`/confirm-subscription?token=${'x'.repeat(43)}`)
  await expect(page.getByText(/This link has expired or is no longer valid\. Links work for 7 days/)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Confirm' })).toHaveCount(0)
  await page.goto(`/unsubscribe?s=${crypto.randomUUID()}&t=${'A'.repeat(43)}`)
  await expect(page.getByText(/^This unsubscribe link is damaged\./)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Unsubscribe' })).toHaveCount(0)
})

test('the pages a subscription link opens are never cached, and the address in them goes nowhere else', async ({
  request,
}) => {
  for (const path of [`/confirm-subscription?token=${'x'.repeat(43)}`, `/unsubscribe?s=${crypto.randomUUID()}&t=x`]) {
    const response = await request.get(path)
    expect(response.headers()['cache-control']).toContain('no-store')
    expect(response.headers()['referrer-policy']).toBe('strict-origin')
    expect(response.headers()['x-robots-tag'] ?? (await response.text())).toMatch(/noindex/)
  }
})

test('one address is sent at most three confirmations an hour, however many forms ask and from wherever', async ({
  page,
}) => {
  const email = uniqueEmail('flood')
  for (const slug of ['pixel-9a', 'pixel-9-pro', 'pixel-10', 'pixel-10-pro', 'galaxy-s25']) {
    // A new client address each time: the per-client limit is not what stops this.
    await ownAddress(page)
    await page.goto(`/sell-my-phone/${slug}`)
    const section = page.getByRole('region', { name: 'Hear when the price goes up' })
    await section.getByLabel('E-mail address').fill(email)
    await section.getByRole('button', { name: 'E-mail me when the price rises' }).click()
    // Each is answered as every request is.
    await expect(section.getByRole('status')).toHaveText(/^Nearly there/)
  }
  await mailTo(email, /^Confirm your price alert/, 2)
  await outboxCaughtUp(page.request)
  expect(await mailCount(email)).toBe(3)
})

test.describe('with scripts off', () => {
  test.use({ javaScriptEnabled: false })

  test('a confirmation and an unsubscribe each take one press of a button', async ({ page }) => {
    await ownAddress(page)
    const email = uniqueEmail('noscript-sub')
    await signUp(page, email)
    const confirm = await mailTo(email, CONFIRM_NEWSLETTER)
    await page.goto(linkIn(confirm, '/confirm-subscription?token='))
    await page.getByRole('button', { name: 'Confirm' }).click()
    await expect(page.getByRole('status')).toHaveText(/^You are signed up\./)
    await page.goto(linkIn(confirm, '/unsubscribe?s='))
    await page.getByRole('button', { name: 'Unsubscribe' }).click()
    await expect(page.getByRole('status')).toHaveText(/^You are unsubscribed\./)
  })
})

// --- Price alerts ------------------------------------------------------------------------------

const MODEL = { id: 'model-pixel-9', path: '/sell-my-phone/pixel-9', name: 'Google Pixel 9' }

const signed = async (body: string) => ({
  'content-type': 'application/json',
  'sanity-webhook-signature': await encodeSignatureHeader(body, Date.now(), REVALIDATE_SECRET),
})

async function publishModel(request: APIRequestContext) {
  const body = JSON.stringify({ _id: MODEL.id, _type: 'deviceModel' })
  const response = await request.post('/api/revalidate', { headers: await signed(body), data: Buffer.from(body) })
  expect(response.status()).toBe(200)
}

type PricedDoc = Doc & { variants: Array<{ prices: Array<{ pence: number }> }> }

/** Raises the model's best price (each price that was the best) in the served seed copy. */
const setTopPrice = (top: number) =>
  editSeedLine(SEED_COPY_PATH, MODEL.id, (doc) => {
    const { variants } = doc as PricedDoc
    const best = Math.max(...variants.flatMap((variant) => variant.prices.map((price) => price.pence)))
    for (const variant of variants) for (const price of variant.prices) if (price.pence === best) price.pence = top
    return doc
  })

test('price alert: ask on the model page, confirm, and a price raised through the webhook is e-mailed once', async ({
  page,
  request,
}) => {
  await ownAddress(page)
  const email = uniqueEmail('alert')
  await page.goto(MODEL.path)
  const section = page.getByRole('region', { name: 'Hear when the price goes up' })
  await expect(section).toContainText(`we will tell you when we pay more for a ${MODEL.name}`)
  await section.getByLabel('E-mail address').fill('not an address')
  await section.getByRole('button', { name: 'E-mail me when the price rises' }).click()
  await expect(section.getByLabel('E-mail address')).toHaveAccessibleDescription(/correct format/)
  await expect(section.getByLabel('E-mail address')).toBeFocused()
  await section.getByLabel('E-mail address').fill(email)
  await section.getByRole('button', { name: 'E-mail me when the price rises' }).click()
  await expect(section.getByRole('status')).toHaveText(/^Nearly there/)

  const confirm = await mailTo(email, new RegExp(`^Confirm your price alert for the ${MODEL.name}$`))
  await page.goto(linkIn(confirm, '/confirm-subscription?token='))
  await expect(page.getByText(`when the most we pay for a ${MODEL.name} goes up`)).toBeVisible()
  await page.getByRole('button', { name: 'Confirm' }).click()
  await expect(page.getByRole('status')).toHaveText(
    `Your price alert is on: we will e-mail you when the most we pay for a ${MODEL.name} goes up.`,
  )

  // The model page says "Up to £250" today; an editor raises it and publishes.
  await page.goto(MODEL.path)
  await expect(page.getByText('Up to £250', { exact: true })).toBeVisible()
  const restore = setTopPrice(26_550)
  try {
    await publishModel(request)
    const alert = await mailTo(email, new RegExp(`^The ${MODEL.name} now sells for up to £265\\.50$`))
    expect(alert.text).toMatch(/^Hello,\n/)
    expect(alert.text).toContain(`has gone up from £250 to £265.50`)
    expect(linkIn(alert, MODEL.path)).toBe(MODEL.path)
    expect(linkIn(alert, '/unsubscribe?s=')).toMatch(/^\/unsubscribe\?s=[0-9a-f-]{36}&t=/)
    const raw = await rawMail(email, /now sells for/)
    expect(header(raw, 'List-Unsubscribe')).toMatch(/^<https?:\/\/.+\/api\/unsubscribe\?s=/)

    // The same publish again (Sanity retries a webhook it thinks failed): nobody is e-mailed twice.
    await publishModel(request)
    // A fixed wait: the alerts are checked after the webhook's answer has gone (Next's after()), and
    // a check that finds nothing to send leaves no trace to wait for.
    await page.waitForTimeout(2000)
    expect(await mailCount(email)).toBe(2)
  } finally {
    restore()
    await publishModel(request)
  }
})

test('a price alert for a model id that is not published is refused, in the content’s words, and stores nothing', async ({
  page,
}) => {
  await ownAddress(page)
  const headers = { 'x-forwarded-for': testClientAddress() }
  const ask = (model: string, email: string) =>
    postPageForm(page.request, MODEL.path, { email, model }, { button: 'E-mail me when the price rises', headers })
  // Each made-up id was a content query of its own, kept in the shared cache for ever.
  for (const model of [`model-made-up-${Date.now().toString(36)}`, 'siteSettings', 'drafts.model-pixel-9']) {
    const email = uniqueEmail('unknown-model')
    const refused = await ask(model, email)
    expect(refused.status, model).toBe(200)
    expect(unescape(refused.html), model).toContain(
      'We could not find that model. Choose it again from our list of phones and tablets.',
    )
    await outboxCaughtUp(page.request)
    expect(await mailCount(email)).toBe(0)
  }
  // A published model's id is still taken.
  const email = uniqueEmail('known-model')
  const taken = await ask(MODEL.id, email)
  expect(unescape(taken.html)).toContain('Nearly there: we have sent you an e-mail.')
  await mailTo(email, new RegExp(`^Confirm your price alert for the ${MODEL.name}$`))
})

test('a forged Host header does not change where the links in the e-mail it causes point', async ({ baseURL }) => {
  const port = new URL(baseURL!).port
  for (const host of ['127.0.0.1:6666', 'evil.example.com']) {
    const email = uniqueEmail('forged-host')
    // Sent with node:http, so that the Host header is exactly the one the attacker chose.
    const status = await new Promise<number>((resolve, reject) => {
      const body = JSON.stringify({ email, consent: true })
      const sent = httpRequest(
        {
          host: '127.0.0.1',
          port,
          path: '/api/newsletter',
          method: 'POST',
          headers: {
            host,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            'x-forwarded-for': testClientAddress(),
          },
        },
        (response) => {
          response.resume()
          resolve(response.statusCode ?? 0)
        },
      )
      sent.on('error', reject)
      sent.end(body)
    })
    expect(status, host).toBeLessThan(300)
    const confirm = await mailTo(email, CONFIRM_NEWSLETTER)
    const origins = [...confirm.text.matchAll(/https?:\/\/[^\s/]+/g)].map((match) => match[0])
    expect(origins.length).toBeGreaterThan(0)
    // SITE_URL is not set for the e2e server, which listens on loopback: links go to localhost, its port.
    expect([...new Set(origins)], host).toEqual([`http://localhost:${port}`])
    expect(header(await rawMail(email, CONFIRM_NEWSLETTER), 'List-Unsubscribe'), host).toMatch(
      new RegExp(`^<http://localhost:${port}/api/unsubscribe\\?`),
    )
  }
})
