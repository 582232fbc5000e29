import { expect, test } from '@playwright/test'
import { testClientAddress, uniqueEmail } from '../support/e2e-env'

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': testClientAddress() })
})

const strip = (page: import('@playwright/test').Page) => page.getByRole('region', { name: 'Get price alerts' })

test('signing up shows the success message, and signing up again shows the same, so nobody learns who is subscribed', async ({
  page,
}) => {
  await page.goto('/about')
  const email = uniqueEmail('strip')
  const form = strip(page)
  await form.getByLabel('Your e-mail address').fill(email)
  await form.getByRole('checkbox', { name: /I agree to receive e-mails/ }).check()
  await form.getByRole('button', { name: 'Subscribe' }).click()
  const status = form.getByRole('status')
  await expect(status).toHaveText(
    'Nearly there: we have sent you an e-mail. Open the link in it to confirm your sign-up.',
  )
  await expect(form.getByLabel('Your e-mail address')).toHaveValue('')

  await form.getByLabel('Your e-mail address').fill(email)
  await form.getByRole('checkbox', { name: /I agree/ }).check()
  await form.getByRole('button', { name: 'Subscribe' }).click()
  await expect(status).toHaveText(
    'Nearly there: we have sent you an e-mail. Open the link in it to confirm your sign-up.',
  )
  await expect(form.getByLabel('Your e-mail address')).toHaveValue('')
})

test('an invalid address and missing consent get clear messages, and what was typed stays', async ({ page }) => {
  await page.goto('/about')
  const form = strip(page)
  const field = form.getByLabel('Your e-mail address')
  await field.fill('jo@example')
  await form.getByRole('button', { name: 'Subscribe' }).click()
  await expect(form.getByText('Enter an e-mail address like name@example.co.uk.')).toBeVisible()
  await expect(form.getByText('Tick the box to say you agree to receive our e-mails.')).toBeVisible()
  await expect(field).toHaveAttribute('aria-invalid', 'true')
  await expect(field).toBeFocused()
  await expect(field).toHaveAccessibleDescription('Enter an e-mail address like name@example.co.uk.')
  await expect(field).toHaveValue('jo@example')
  // The live region is there, saying nothing: a status with no text has no name to find it by.
  await expect(form.locator('[role="status"]')).toBeEmpty()

  // Put right, the same form signs up, and the messages go.
  await field.fill(uniqueEmail('fixed'))
  await form.getByRole('checkbox', { name: /I agree/ }).check()
  await form.getByRole('button', { name: 'Subscribe' }).click()
  await expect(form.getByRole('status')).toHaveText(
    'Nearly there: we have sent you an e-mail. Open the link in it to confirm your sign-up.',
  )
  await expect(form.getByText('Enter an e-mail address like name@example.co.uk.')).toHaveCount(0)
  await expect(field).not.toHaveAttribute('aria-invalid')
})

test('a sign-up the server does not take keeps what was typed and says why', async ({ page }) => {
  await page.goto('/about')
  const form = strip(page)
  const status = form.getByRole('status')
  // Ten sign-ups a minute from one address are taken; the eleventh is not.
  for (let i = 0; i < 10; i++) {
    await form.getByLabel('Your e-mail address').fill(uniqueEmail(`limit${i}`))
    await form.getByRole('checkbox', { name: /I agree/ }).check()
    await form.getByRole('button', { name: 'Subscribe' }).click()
    await expect(status).toHaveText(
      'Nearly there: we have sent you an e-mail. Open the link in it to confirm your sign-up.',
    )
    await expect(form.getByLabel('Your e-mail address')).toHaveValue('')
  }
  const email = uniqueEmail('kept')
  await form.getByLabel('Your e-mail address').fill(email)
  await form.getByRole('checkbox', { name: /I agree/ }).check()
  await form.getByRole('button', { name: 'Subscribe' }).click()
  await expect(status).toHaveText('You have tried a few times in a short while. Please wait a minute and try again.')
  await expect(form.getByLabel('Your e-mail address')).toHaveValue(email)
  await expect(form.getByRole('checkbox', { name: /I agree/ })).toBeChecked()
})

test.describe('with scripts off', () => {
  test.use({ javaScriptEnabled: false })
  test.beforeEach(({}, testInfo) => test.skip(testInfo.project.name !== 'desktop', 'the same form at every width'))

  test('the newsletter form still signs up, and names each problem on the page it comes back to', async ({ page }) => {
    await page.goto('/about')
    const form = strip(page)
    const field = form.getByLabel('Your e-mail address')
    await field.fill('jo@example')
    const answered = page.waitForResponse((response) => response.request().method() === 'POST')
    await form.getByRole('button', { name: 'Subscribe' }).click()
    await expect(form.getByText('Enter an e-mail address like name@example.co.uk.')).toBeVisible()
    await expect(form.getByText('Tick the box to say you agree to receive our e-mails.')).toBeVisible()
    await expect(field).toHaveValue('jo@example')
    // The page that came back holds what was typed, so no cache may keep it, and the page every
    // other visitor gets does not hold it.
    expect((await answered).headers()['cache-control']).toContain('no-store')
    expect(await (await page.request.get('/about')).text()).not.toContain('jo@example')
    // The browser is taken to the first problem, at the foot of the page.
    await expect(field).toBeFocused()
    // Back on the same page, and what was typed never went into an address.
    expect(new URL(page.url()).pathname).toBe('/about')
    expect(page.url()).not.toContain('example')

    await field.fill(uniqueEmail('noscript'))
    await form.getByRole('checkbox', { name: /I agree/ }).check()
    await form.getByRole('button', { name: 'Subscribe' }).click()
    await expect(form.getByRole('status')).toHaveText(
      'Nearly there: we have sent you an e-mail. Open the link in it to confirm your sign-up.',
    )
    await expect(form.getByRole('status')).toBeFocused()
    await expect(form.getByLabel('Your e-mail address')).toHaveValue('')
  })
})

test('the contact form sends a message and confirms it', async ({ page }) => {
  await page.goto('/contact-us')
  const form = page.getByRole('region', { name: 'Send us a message' })
  await form.getByLabel('Your name').fill('Jo Bloggs')
  await form.getByLabel('Your e-mail address').fill(uniqueEmail('contact'))
  await form.getByLabel(/Phone number/).fill('020 7946 0123')
  await form.getByLabel('Your message').fill('Has my iPhone arrived yet?\nOrder HB-1234.')
  await form.getByRole('button', { name: 'Send message' }).click()
  await expect(form.getByRole('status')).toHaveText(
    'Thank you. Your message has reached us and we will reply within one working day.',
  )
  await expect(form.getByLabel('Your message')).toHaveValue('')
})

test('the contact form names each problem in the editor’s words and keeps the text', async ({ page }) => {
  await page.goto('/contact-us')
  const form = page.getByRole('region', { name: 'Send us a message' })
  await form.getByLabel(/Phone number/).fill('12345')
  await form.getByLabel('Your message').fill('Hello <b>there</b>')
  await form.getByRole('button', { name: 'Send message' }).click()
  // Each field carries its own message too.
  await expect(form.getByLabel('Your name')).toHaveAccessibleDescription('Enter your name.')
  await expect(form.getByLabel('Your e-mail address')).toHaveAccessibleDescription(
    'Enter an e-mail address like name@example.co.uk.',
  )
  await expect(form.getByLabel(/Phone number/)).toHaveAccessibleDescription(
    'Enter a UK phone number, such as 020 7946 0123, or leave it empty.',
  )
  await expect(form.getByLabel('Your message')).toHaveAccessibleDescription(
    'Use plain text only, without code or special characters.',
  )
  await expect(form.getByLabel('Your message')).toHaveValue('Hello <b>there</b>')
  // The problems are summed up at the top of the form, which takes the focus; each links to its field.
  const summary = form.getByRole('alert').filter({ hasText: 'There is a problem' })
  await expect(summary).toBeFocused()
  await expect(summary.getByRole('link')).toHaveText([
    'Enter your name.',
    'Enter an e-mail address like name@example.co.uk.',
    'Enter a UK phone number, such as 020 7946 0123, or leave it empty.',
    'Use plain text only, without code or special characters.',
  ])
  await summary.getByRole('link', { name: 'Enter your name.' }).click()
  await expect(form.getByLabel('Your name')).toBeFocused()
})

test('a message the server does not take keeps the text and says why', async ({ page }) => {
  await page.goto('/contact-us')
  const form = page.getByRole('region', { name: 'Send us a message' })
  const status = form.getByRole('status')
  const send = async (message: string) => {
    await form.getByLabel('Your name').fill('Jo Bloggs')
    await form.getByLabel('Your e-mail address').fill(uniqueEmail('limit'))
    await form.getByLabel('Your message').fill(message)
    await form.getByRole('button', { name: 'Send message' }).click()
  }
  // Five messages a minute from one address are taken; the sixth is not.
  for (let i = 0; i < 5; i++) {
    await send(`Message ${i}`)
    await expect(status).toHaveText('Thank you. Your message has reached us and we will reply within one working day.')
    await expect(form.getByLabel('Your message')).toHaveValue('')
  }
  await send('One more thing about my order.')
  await expect(status).toHaveText(
    'You have sent several messages in a short while. Please wait a minute and try again.',
  )
  await expect(form.getByLabel('Your message')).toHaveValue('One more thing about my order.')
  await expect(form.getByLabel('Your name')).toHaveValue('Jo Bloggs')
})

test.describe('the contact form with scripts off', () => {
  test.use({ javaScriptEnabled: false })
  test.beforeEach(({}, testInfo) => test.skip(testInfo.project.name !== 'desktop', 'the same form at every width'))

  test('it names each problem on the page it comes back to, keeps the text, and then sends', async ({ page }) => {
    await page.goto('/contact-us')
    const form = page.getByRole('region', { name: 'Send us a message' })
    await form.getByLabel('Your e-mail address').fill('jo@example')
    await form.getByLabel('Your message').fill('Where is my parcel?')
    await form.getByRole('button', { name: 'Send message' }).click()
    const summary = form.getByRole('alert').filter({ hasText: 'There is a problem' })
    await expect(summary.getByRole('link')).toHaveText([
      'Enter your name.',
      'Enter an e-mail address like name@example.co.uk.',
    ])
    // The browser is taken to the summary of the problems.
    await expect(summary).toBeFocused()
    await expect(form.getByLabel('Your e-mail address')).toHaveValue('jo@example')
    await expect(form.getByLabel('Your message')).toHaveValue('Where is my parcel?')
    expect(new URL(page.url()).pathname).toBe('/contact-us')
    expect(page.url()).not.toContain('parcel')

    await form.getByLabel('Your name').fill('Jo Bloggs')
    await form.getByLabel('Your e-mail address').fill(uniqueEmail('noscript'))
    await form.getByRole('button', { name: 'Send message' }).click()
    await expect(form.getByRole('status')).toHaveText(
      'Thank you. Your message has reached us and we will reply within one working day.',
    )
    await expect(form.getByRole('status')).toBeFocused()
    await expect(form.getByLabel('Your message')).toHaveValue('')
  })
})
