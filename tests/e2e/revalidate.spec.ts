import { readFileSync, writeFileSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { encodeSignatureHeader } from '@sanity/webhook'
import { REVALIDATE_SECRET, SEED_COPY_PATH } from '../support/e2e-env'

test.beforeEach(({}, testInfo) => test.skip(testInfo.project.name !== 'desktop', 'HTTP and one page: run once'))

const signed = async (body: string, secret = REVALIDATE_SECRET) => ({
  'content-type': 'application/json',
  'sanity-webhook-signature': await encodeSignatureHeader(body, Date.now(), secret),
})

test('a signed webhook revalidates the changed type, and the live page shows the edit without a rebuild', async ({
  page,
  request,
}) => {
  const original = readFileSync(SEED_COPY_PATH, 'utf8')
  const marker = `Edited at ${Date.now()}`
  try {
    await page.goto('/gdpr-data')
    await expect(page.getByText(marker)).toHaveCount(0)
    writeFileSync(
      SEED_COPY_PATH,
      original
        .split('\n')
        .map((line) =>
          line.includes('"_id":"page-gdpr-data"') ? JSON.stringify({ ...JSON.parse(line), intro: marker }) : line,
        )
        .join('\n'),
    )
    await page.reload()
    await expect(page.getByText(marker)).toHaveCount(0)

    const body = JSON.stringify({ _id: 'page-gdpr-data', _type: 'page' })
    const response = await request.post('/api/revalidate', { headers: await signed(body), data: Buffer.from(body) })
    expect(response.status()).toBe(200)
    expect(await response.json()).toEqual({ ok: true, revalidated: ['page'] })
    // Stale-while-revalidate: a visit or two after the webhook, the page is fresh.
    await expect(async () => {
      await page.reload()
      await expect(page.getByText(marker)).toBeVisible({ timeout: 1000 })
    }).toPass({ timeout: 15_000 })
  } finally {
    writeFileSync(SEED_COPY_PATH, original)
    const body = JSON.stringify({ _id: 'page-gdpr-data', _type: 'page' })
    await request.post('/api/revalidate', { headers: await signed(body), data: Buffer.from(body) })
  }
})

test('an unsigned or wrongly signed webhook is refused with 401', async ({ request }) => {
  const body = JSON.stringify({ _id: 'siteSettings', _type: 'siteSettings' })
  const unsigned = await request.post('/api/revalidate', {
    headers: { 'content-type': 'application/json' },
    data: Buffer.from(body),
  })
  expect(unsigned.status()).toBe(401)
  const wrong = await request.post('/api/revalidate', {
    headers: await signed(body, 'not-the-secret'),
    data: Buffer.from(body),
  })
  expect(wrong.status()).toBe(401)
  expect((await wrong.json()).code).toBe('invalid_signature')
  const tampered = await request.post('/api/revalidate', {
    headers: await signed(body),
    data: Buffer.from(body.replace('siteSettings"}', 'page"}')),
  })
  expect(tampered.status()).toBe(401)
})
