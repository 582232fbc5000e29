import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import {
  expect as baseExpect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
  type Page,
} from '@playwright/test'
import { singletons } from '../../studio/structure'
import { REVALIDATE_SECRET } from '../support/e2e-env'
import { LOCAL_DATASET, startContentApi, startLocalStudio, type Started } from '../support/local-studio'
import { copySeed, readSeed } from '../support/seed-copy'
import { startSiteCopy, type SiteCopy } from '../support/site-copy'

/**
 * The real Sanity Studio, built as `npm run studio:local` runs it, against the local content API
 * on a copy of the seed, with the site reading that API through the Sanity client it uses in
 * production. An editor's edits and publishes reach the site through the signed webhook. No
 * account and no network: the Studio's calls to Sanity's own hosts fail here, on purpose.
 */
// In beforeAll, declared before the set-up: a project that skips never builds the Studio or starts a server.
test.beforeAll(({}, testInfo) => test.skip(testInfo.project.name !== 'desktop', 'the Studio is a desktop tool'))
// The Studio is a large single-page app: on a busy two-core machine a pane can take seconds to open.
const expect = baseExpect.configure({ timeout: 20_000 })
// Serial, and in this order: the tests share the API, the Studio and the site started below, and the
// last one checks every request the Studio sent during the ones before it.
test.describe.configure({ mode: 'serial', timeout: 120_000 })
test.use({ ignoreHTTPSErrors: true })

const API_PORT = 3440
const STUDIO_PORT = 3441
const SITE_PORT = 3442
const WORK = path.join(tmpdir(), `handback-studio-${API_PORT}`)
const STUDIO = `http://localhost:${STUDIO_PORT}`
// Node cannot resolve *.localhost (Chromium can): the test's own calls go to the loopback address.
const API = `https://127.0.0.1:${API_PORT}`
const DATA = `/v2025-02-19/data`

const seed = readSeed()
type Price = { grade: { _ref: string }; pence: number }
type Model = {
  _id: string
  name: string
  family: string
  slug: { current: string }
  variants: Array<{ storageGb: number; prices: Price[] }>
}
const settings = seed.find((doc) => doc._id === 'siteSettings') as unknown as { contactPhone: string }
const model = seed.find((doc) => doc._id === 'model-iphone-13') as unknown as Model
const otherModel = seed.find((doc) => doc._id === 'model-iphone-14') as unknown as Model
const gradeName = (ref: string) => (seed.find((doc) => doc._id === ref) as unknown as { name: string }).name
// The price behind the model's "Up to": its highest, which the editor raises by £15.
const top = model.variants
  .flatMap((variant) => variant.prices.map((price) => ({ variant, price })))
  .reduce((best, next) => (next.price.pence > best.price.pence ? next : best))
const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`
const NEW_TOP = top.price.pence + 1500
const NEW_PHONE = '0161 496 0555'

let api: Started | undefined
let studio: Started | undefined
let site: SiteCopy | undefined
let lake: APIRequestContext
// Requests the Studio sent to hosts other than this machine's: Sanity's own services.
const offMachine = new Set<string>()
const figures: string[] = []

test.beforeAll(async () => {
  test.setTimeout(240_000)
  rmSync(WORK, { recursive: true, force: true })
  mkdirSync(WORK, { recursive: true })
  const file = copySeed()
  const certDir = path.join(WORK, 'cert')
  api = await startContentApi({
    file,
    port: API_PORT,
    certDir,
    webhook: `http://127.0.0.1:${SITE_PORT}/api/revalidate`,
    secret: REVALIDATE_SECRET,
  })
  lake = await playwrightRequest.newContext({ baseURL: API, ignoreHTTPSErrors: true })
  const [studioProcess, siteCopy] = await Promise.all([
    startLocalStudio({ outDir: path.join(WORK, 'studio'), port: STUDIO_PORT, apiPort: API_PORT }),
    startSiteCopy({
      port: SITE_PORT,
      dist: '.next-studio',
      env: {
        // The site reads the local API as it reads Sanity: the same client, another host.
        NEXT_PUBLIC_SANITY_PROJECT_ID: 'local',
        NEXT_PUBLIC_SANITY_DATASET: LOCAL_DATASET,
        SANITY_API_HOST: `https://localhost:${API_PORT}`,
        NODE_EXTRA_CA_CERTS: path.join(certDir, 'cert.pem'),
        DATABASE_URL: '',
        PGLITE_DATA_DIR: path.join(WORK, 'pglite'),
        MAIL_OUTBOX_DIR: path.join(WORK, 'outbox'),
      },
    }),
  ])
  studio = studioProcess
  site = siteCopy
})

test.beforeEach(({ context }) => {
  context.on('request', (request) => {
    const { hostname, protocol } = new URL(request.url())
    if (!protocol.startsWith('http')) return // blob: and data: addresses never leave the browser
    if (!['localhost', '127.0.0.1'].includes(hostname) && !hostname.endsWith('.localhost'))
      offMachine.add(request.url())
  })
})

test.afterEach(({}, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus) {
    console.log(`content API log:\n${api?.log().slice(-3000)}\nsite log:\n${site?.log().slice(-3000)}`)
  }
})

test.afterAll(async () => {
  console.log(`Local Studio figures: ${figures.join('; ')}`)
  await lake?.dispose()
  site?.stop()
  studio?.stop()
  api?.stop()
})

async function getDocument(id: string): Promise<Record<string, unknown> | undefined> {
  const response = await lake.get(`${DATA}/doc/${LOCAL_DATASET}/${id}`)
  expect(response.status()).toBe(200)
  return ((await response.json()) as { documents: Array<Record<string, unknown>> }).documents[0]
}

async function openDocument(page: Page, path: string, title: string) {
  await page.goto(`${STUDIO}/structure/${path}`)
  await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible({ timeout: 30_000 })
}

/** Publishes the open document and waits until the published copy holds `check` and no draft is left. */
async function publish(page: Page, id: string, check: (doc: Record<string, unknown>) => boolean) {
  const button = page.getByRole('button', { name: 'Publish', exact: true })
  // Against the local API the Studio now and then stays on "Validating document…" after the press
  // and never sends the publish (seen in 4 of 8 runs of the photo test, with the upload already
  // saved in the draft). An editor would reload and press again; so does this, and the
  // published copy must still hold the change. A press may also land after the poll below gave up
  // (seen once in CI): the draft is then gone and Publish rightly disabled, so each new attempt
  // first looks at what the Content Lake holds, as an editor would look at the document's status.
  let attempt = 0
  await expect(async () => {
    if (attempt++ > 0) {
      const published = check((await getDocument(id)) ?? {})
      if (published && (await getDocument(`drafts.${id}`)) === undefined) return
      await page.reload()
    }
    await expect(button).toBeEnabled({ timeout: 15_000 })
    await button.click()
    await expect.poll(async () => check((await getDocument(id)) ?? {}), { timeout: 12_000 }).toBe(true)
  }).toPass({ timeout: 80_000 })
  await expect.poll(async () => await getDocument(`drafts.${id}`), { timeout: 15_000 }).toBeUndefined()
  return Date.now()
}

/**
 * How long after `since` the site serves `address` with `text` in it (polled over HTTP, as a
 * visitor's reloads would be; a publish refreshes the page on the next visits), then shown.
 */
async function siteShows(page: Page, address: string, text: string, since: number) {
  const url = `${site!.origin}${address}`
  await expect
    .poll(async () => (await (await page.request.get(url)).text()).includes(text), {
      timeout: 60_000,
      intervals: [100],
    })
    .toBe(true)
  const elapsed = Date.now() - since
  await page.goto(url)
  await expect(page.getByText(text).first()).toBeVisible()
  return elapsed
}

test('the Studio opens on the seed, shows every singleton, and lists and opens the models', async ({ page }) => {
  const started = Date.now()
  await page.goto(`${STUDIO}/structure`)
  const content = page.getByRole('listbox', { name: 'Content' })
  await expect(content.getByRole('option', { name: singletons[0]!.title })).toBeVisible({ timeout: 60_000 })
  figures.push(`Studio ready ${Date.now() - started} ms`)

  for (const { title } of singletons) {
    await content.getByRole('link', { name: title, exact: true }).click()
    await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible()
  }
  await content.getByRole('link', { name: 'Site settings', exact: true }).click()
  await page.getByRole('tab', { name: 'Contact' }).click()
  await expect(page.getByLabel('Contact phone')).toHaveValue(settings.contactPhone)

  await content.getByRole('link', { name: 'Models and prices', exact: true }).click()
  const models = page.getByRole('listbox', { name: 'Models and prices' })
  await expect(models.getByRole('option', { name: new RegExp(`^${model.name} `) })).toBeVisible()
  await models.getByRole('link', { name: new RegExp(`^${model.name} `) }).click()
  await expect(page.getByRole('heading', { name: model.name, exact: true })).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue(model.name)
})

test('an editor changes the phone number and a price, publishes, and the site shows both', async ({
  page,
  context,
}) => {
  await openDocument(page, 'siteSettings', 'Site settings')
  await page.getByRole('tab', { name: 'Contact' }).click()
  await page.getByLabel('Contact phone').fill(NEW_PHONE)
  const phonePublished = await publish(page, 'siteSettings', (doc) => doc.contactPhone === NEW_PHONE)
  const visitor = await context.newPage()
  const phoneMs = await siteShows(visitor, '/contact-us', NEW_PHONE, phonePublished)
  await expect(visitor.getByText(settings.contactPhone)).toHaveCount(0)

  await openDocument(page, `deviceModel;${model._id}`, model.name)
  // The Studio may draw the form again as the document finishes loading, detaching the field
  // between finding it and scrolling to it (seen once in CI): scroll to it once it stays put.
  await expect(() => page.getByRole('spinbutton', { name: 'Order' }).scrollIntoViewIfNeeded({ timeout: 2000 })).toPass()
  await page.getByText(`${top.variant.storageGb}GB`, { exact: true }).click()
  await page.getByText(`${gradeName(top.price.grade._ref)}: ${pounds(top.price.pence)}`, { exact: true }).click()
  const pence = page.getByLabel('Price (pence)')
  await expect(pence).toHaveValue(String(top.price.pence))
  await pence.fill(String(NEW_TOP))
  await page.keyboard.press('Escape')
  await page.keyboard.press('Escape')
  const pricePublished = await publish(page, model._id, (doc) =>
    JSON.stringify((doc as unknown as Model).variants).includes(`"pence":${NEW_TOP}`),
  )

  const priceMs = await siteShows(
    visitor,
    `/sell-my-phone/${model.slug.current}`,
    `Up to £${NEW_TOP / 100}`,
    pricePublished,
  )
  const webhookMs = [...(api?.log() ?? '').matchAll(/the site answered 200 in (\d+) ms/g)].map((match) => match[1])
  figures.push(
    `publish to site: phone ${phoneMs} ms, price ${priceMs} ms (webhook answered in ${webhookMs.join(', ')} ms)`,
  )
})

test('an editor uploads a photo for a model and the model page shows it', async ({ page, browser }) => {
  // An upload, a publish that may need a second press, and the site's refresh: more than the default.
  test.setTimeout(200_000)
  const photo = path.join(WORK, 'photo.png')
  // A picture of its own (a part of the Studio's screen), so it is a new asset, not a seed one.
  await openDocument(page, `deviceModel;${model._id}`, model.name)
  writeFileSync(photo, await page.screenshot({ clip: { x: 0, y: 0, width: 240, height: 320 } }))
  const field = page.getByRole('group').filter({ hasText: 'Photo' }).first()
  await field.locator('input[type="file"]').setInputFiles(photo)
  const alt = `${model.name} in its box`
  await field.getByRole('textbox', { name: 'Alternative text' }).fill(alt)
  // Publish only once the upload and the alternative text are both saved in the draft, as an editor
  // waits for the preview: a publish pressed while a patch is still on its way can be lost.
  await expect
    .poll(
      async () => {
        const image = (await getDocument(`drafts.${model._id}`))?.image as
          { asset?: { _ref?: string }; alt?: string } | undefined
        return { uploaded: /^image-/.test(image?.asset?._ref ?? ''), alt: image?.alt }
      },
      { timeout: 30_000 },
    )
    .toEqual({ uploaded: true, alt })
  await publish(page, model._id, (doc) =>
    Boolean((doc.image as { asset?: { _ref?: string } } | undefined)?.asset?._ref),
  )

  // This copy of the build was made without SANITY_API_HOST, so its Content-Security-Policy does not
  // name the local API's image host (a build with it does: next.config.mjs); the check here is that
  // the page points at the uploaded file and the browser can show it.
  const visitorContext = await browser.newContext({ ignoreHTTPSErrors: true, bypassCSP: true })
  const visitor = await visitorContext.newPage()
  await expect(async () => {
    await visitor.goto(`${site!.origin}/sell-my-phone/${model.slug.current}`)
    await expect(visitor.getByRole('img', { name: alt })).toBeVisible({ timeout: 500 })
  }).toPass({ timeout: 30_000, intervals: [250] })
  const image = visitor.getByRole('img', { name: alt })
  expect(await image.getAttribute('src')).toMatch(new RegExp(`^https://local\\.localhost:${API_PORT}/images/`))
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(240)
  await visitorContext.close()
})

test('an editor discards a draft, and the published text is back', async ({ page }) => {
  await openDocument(page, `deviceModel;${otherModel._id}`, otherModel.name)
  const range = page.getByRole('textbox', { name: 'Range' })
  await range.fill(`${otherModel.family} (not ready)`)
  await expect
    .poll(async () => (await getDocument(`drafts.${otherModel._id}`))?.family)
    .toBe(`${otherModel.family} (not ready)`)

  await page.getByRole('button', { name: 'Open document actions' }).click()
  await page.getByRole('menuitem', { name: 'Discard changes' }).click()
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Discard/ })
    .click()
  await expect.poll(async () => await getDocument(`drafts.${otherModel._id}`), { timeout: 15_000 }).toBeUndefined()
  await expect(range).toHaveValue(otherModel.family)
  expect((await getDocument(otherModel._id))?.family).toBe(otherModel.family)
})

test('an edit or a publish from a stale revision is refused, and the newer text is kept', async ({ page }) => {
  const stale = (await getDocument(model._id))?._rev as string
  const newer = `${model.family} (newer)`
  await openDocument(page, `deviceModel;${model._id}`, model.name)
  const range = page.getByRole('textbox', { name: 'Range' })
  await range.fill(newer)
  await publish(page, model._id, (doc) => doc.family === newer)

  const edit = await lake.post(`${DATA}/mutate/${LOCAL_DATASET}`, {
    data: { mutations: [{ patch: { id: model._id, ifRevisionID: stale, set: { family: 'Older text' } } }] },
  })
  expect(edit.status()).toBe(409)

  // A draft of newer text, then a publish by someone who last saw the stale revision.
  const newest = `${model.family} (newest draft)`
  await range.fill(newest)
  await expect.poll(async () => (await getDocument(`drafts.${model._id}`))?.family).toBe(newest)
  const staleAction = await lake.post(`${DATA}/actions/${LOCAL_DATASET}`, {
    data: {
      actions: [
        {
          actionType: 'sanity.action.document.publish',
          draftId: `drafts.${model._id}`,
          publishedId: model._id,
          ifPublishedRevisionId: stale,
        },
      ],
    },
  })
  expect(staleAction.status()).toBe(409)

  expect((await getDocument(model._id))?.family).toBe(newer)
  expect((await getDocument(`drafts.${model._id}`))?.family).toBe(newest)
  await openDocument(page, `deviceModel;${model._id}`, model.name)
  await expect(page.getByRole('textbox', { name: 'Range' })).toHaveValue(newest)
})

test('the Studio asked the local API nothing it does not answer on purpose', async () => {
  const { unanswered, tolerated } = (await (await lake.get('/__content-api/requests')).json()) as {
    unanswered: Array<{ method: string; path: string }>
    tolerated: Array<{ method: string; path: string }>
  }
  // A Studio upgrade that needs a new endpoint shows up here, before an editor meets it.
  expect(unanswered).toEqual([])
  expect(tolerated.length).toBeGreaterThan(0)
  // Off this machine, the Studio only reaches for Sanity's hosted extras, and carries on without.
  const KNOWN = [
    /^https:\/\/core\.sanity-cdn\.com\/bridge\.js$/,
    /^https:\/\/design-system-static\.sanity\.io\/.+\.woff2$/,
    /^https:\/\/sanity-cdn\.com\/v1\/modules\/sanity\//,
    /^https:\/\/api\.sanity\.io\/vX\/intake\//,
  ]
  expect([...offMachine].filter((url) => !KNOWN.some((known) => known.test(url)))).toEqual([])
})
