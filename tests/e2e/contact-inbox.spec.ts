import { randomUUID } from 'node:crypto'
import { expect, test, type Browser, type Page } from '@playwright/test'
import { MAIL_OUTBOX_DIR, STAFF_ACCOUNTS, uniqueEmail } from '../support/e2e-env'
import { readOutbox, type ReceivedMail } from '../support/mail-messages'
import { readSeed } from '../support/seed-copy'
import { linkIn, ownAddress } from './account-helpers'
import { violations } from './axe'
import { readPageForm, sendPageForm } from './form-post'
import { staffLogIn, staffPage } from './order-helpers'

// Skipped in beforeAll: a project that skips never opens a page for it.
test.beforeAll(({}, testInfo) =>
  test.skip(testInfo.project.name !== 'desktop', 'staff work at desktop width: run once'),
)
test.beforeEach(async ({ page }) => {
  test.setTimeout(120_000)
  await ownAddress(page)
})

const settings = readSeed().find((doc) => doc._id === 'siteSettings') as unknown as { contactEmail: string }
const SENT = 'Thank you. Your message has reached us and we will reply within one working day.'
const SEARCH = 'Name, e-mail address or words in the message'

type Sent = { name: string; email: string; word: string }

/** A message sent through the contact page's form, with a word of its own to search for. */
async function sendMessage(page: Page): Promise<Sent> {
  const word = `zq${randomUUID().slice(0, 8)}`
  const sent = { name: 'Jo Bloggs', email: uniqueEmail('inbox'), word }
  await page.goto('/contact-us')
  const form = page.getByRole('region', { name: 'Send us a message' })
  await form.getByLabel('Your name').fill(sent.name)
  await form.getByLabel('Your e-mail address').fill(sent.email)
  await form.getByLabel('Your message').fill(`Has my iPhone arrived yet?\nIt has a ${word} case.`)
  await form.getByRole('button', { name: 'Send message' }).click()
  await expect(form.getByRole('status')).toHaveText(SENT)
  return sent
}

/** The e-mail that brought the message to the business: the one whose answer goes to the sender. */
async function mailFrom(email: string): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined
  await expect
    .poll(async () => (found = (await readOutbox(MAIL_OUTBOX_DIR)).find((mail) => mail.replyTo === email)), {
      message: `the contact e-mail answering to ${email}`,
      timeout: 10_000,
    })
    .toBeTruthy()
  return found!
}

const history = (page: Page) => page.getByRole('region', { name: 'History' }).getByRole('listitem')

test('a message sent through the contact page reaches the business by e-mail and staff find, answer and see who did', async ({
  page,
  browser,
}) => {
  const sent = await sendMessage(page)

  const mail = await mailFrom(sent.email)
  expect(mail.to).toBe(settings.contactEmail)
  expect(mail.subject).toBe('Contact message from Jo Bloggs')
  expect(mail.text).toContain(`Has my iPhone arrived yet?\nIt has a ${sent.word} case.`)
  expect(mail.text).toContain(`E-mail: ${sent.email}`)
  expect(mail.text).toContain('Phone: not given')
  const link = linkIn(mail, '/admin/messages/')

  const staff = await staffPage(browser)
  await staff.getByRole('link', { name: 'Contact messages' }).click()
  await expect(staff.getByRole('heading', { name: 'Contact messages', level: 1 })).toBeVisible()
  await expect(
    staff.getByText('Answered and closed messages are deleted 90 days after they were answered or closed.'),
  ).toBeVisible()

  // Found by a word of the message, whatever its case, among the new ones.
  await staff.getByLabel('Status').selectOption({ label: 'New' })
  await staff.getByLabel(SEARCH).fill(sent.word.toUpperCase())
  await staff.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(staff).toHaveURL(new RegExp(`/admin/messages\\?status=new&q=${sent.word.toUpperCase()}$`))
  const rows = staff.getByRole('table', { name: 'Contact messages' }).getByRole('row')
  await expect(rows).toHaveCount(2)
  await expect(rows.nth(1)).toContainText(sent.email)
  await expect(rows.nth(1)).toContainText('New')
  // Waiting for a reply, against the one working day the pages promise: just sent, none has passed.
  await expect(rows.nth(1).getByRole('cell').last()).toHaveText('0 of 1 working days')
  expect(await violations(staff)).toEqual([])

  await rows.nth(1).getByRole('link', { name: 'Jo Bloggs' }).click()
  // The e-mail's button opens the same page.
  await expect(staff).toHaveURL((url) => url.pathname === link)
  await expect(staff.getByRole('heading', { name: 'Message from Jo Bloggs', level: 1 })).toBeVisible()
  const sender = staff.getByRole('region', { name: 'Sender' })
  await expect(sender.getByRole('link', { name: sent.email })).toHaveAttribute('href', `mailto:${sent.email}`)
  await expect(sender).toContainText('Not given')
  await expect(history(staff)).toHaveText([/Received through the contact form/])

  await staff.getByRole('button', { name: 'Mark answered' }).click()
  await expect(staff.getByText('Done: the message is now Answered.', { exact: true })).toBeVisible()
  await expect(history(staff)).toHaveCount(2)
  const change = history(staff).nth(1)
  await expect(change).toContainText('Robin Staff changed it from New to Answered')
  const when = await change.locator('time').getAttribute('datetime')
  expect(Math.abs(Date.parse(when!) - Date.now())).toBeLessThan(60_000)
  // What it can do next: close it, or make it new again.
  await expect(staff.getByRole('region', { name: 'Change the status' }).getByRole('button')).toHaveText([
    'Close',
    'Reopen',
  ])
  expect(await violations(staff)).toEqual([])

  // No longer among the new ones; among the answered.
  await staff.getByRole('link', { name: 'All messages' }).click()
  await staff.getByLabel(SEARCH).fill(sent.word)
  await staff.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(rows.nth(1)).toContainText('Answered')
  // Answered, nobody waits on it: no timer.
  await expect(rows.nth(1).getByRole('cell').last()).toHaveText('')
  await staff.goto(`/admin/messages?status=new&q=${sent.word}`)
  await expect(staff.getByText('No messages match.')).toBeVisible()
  await staff.getByRole('link', { name: 'All orders' }).click()
  await expect(staff.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible()
})

test('two staff with one message open: the second is told it changed first, and nothing is overwritten', async ({
  page,
  browser,
}) => {
  const sent = await sendMessage(page)
  const path = linkIn(await mailFrom(sent.email), '/admin/messages/')
  const [first, second] = await Promise.all([staffPage(browser), staffPage(browser, 'manager')])
  for (const staff of [first, second]) await staff.goto(path)

  await first.getByRole('button', { name: 'Mark answered' }).click()
  await expect(first.getByText('Done: the message is now Answered.', { exact: true })).toBeVisible()

  await second.getByRole('button', { name: 'Close' }).click()
  const told = second.getByRole('alert').filter({ hasText: 'Someone else' })
  await expect(told).toHaveText('Someone else changed this message first: it is now Answered. Check it and try again.')
  await expect(told).toBeFocused()
  // The page around it shows the message as it now is, and the close was not made.
  await expect(second.getByText('Answered', { exact: true })).toBeVisible()
  await expect(history(second)).toHaveCount(2)
  await expect(history(second).nth(1)).toContainText('Robin Staff changed it from New to Answered')
  expect(second.url()).not.toMatch(/done|moved/)
})

test('a visitor who is not staff gets the 404 page for the messages, and their post of a status form changes nothing', async ({
  page,
  browser,
}) => {
  for (const address of ['/admin/messages', `/admin/messages/${randomUUID()}`]) {
    const answer = await page.goto(address)
    expect(answer?.status()).toBe(404)
    await expect(page.getByRole('heading', { name: 'PAGE NOT FOUND', level: 1 })).toBeVisible()
  }

  const sent = await sendMessage(page)
  const path = linkIn(await mailFrom(sent.email), '/admin/messages/')
  const staff = await staffPage(browser)
  // The page's own form, as staff would post it: the visitor sends it without their session.
  const { hidden, origin } = await readPageForm(staff.request, path, { button: 'Mark answered' })
  const forged = await sendPageForm(page.request, path, hidden, { origin })
  expect(forged.status).toBe(404)
  expect(forged.location).toBeNull()
  await staff.goto(path)
  await expect(staff.getByText('New', { exact: true })).toBeVisible()
  await expect(history(staff)).toHaveCount(1)

  // The same post with staff's session goes through: the refusal above was the guard's.
  const done = await sendPageForm(staff.request, path, hidden, { origin })
  expect([done.status, done.location]).toEqual([303, `${path}?done=answered`])
})

test.describe('without scripts', () => {
  test.use({ javaScriptEnabled: false })

  /** Staff log in with scripts on (the two-step set-up draws its key with them), then browse without. */
  async function staffWithoutScripts(browser: Browser, name: keyof typeof STAFF_ACCOUNTS): Promise<Page> {
    const withScripts = await browser.newContext({ javaScriptEnabled: true })
    const login = await withScripts.newPage()
    await ownAddress(login)
    await staffLogIn(login, STAFF_ACCOUNTS[name])
    const context = await browser.newContext({
      javaScriptEnabled: false,
      storageState: await withScripts.storageState(),
    })
    await withScripts.close()
    const page = await context.newPage()
    await ownAddress(page)
    return page
  }

  test('staff close a message and reopen it; a stale form says what changed, with the focus on it', async ({
    page,
    browser,
  }) => {
    const sent = await sendMessage(page)
    const staff = await staffWithoutScripts(browser, 'staff')
    await staff.goto('/admin/messages')
    await staff.getByLabel(SEARCH).fill(sent.word)
    await staff.getByRole('button', { name: 'Search', exact: true }).click()
    await staff.getByRole('link', { name: 'Jo Bloggs' }).click()
    const path = new URL(staff.url()).pathname

    await staff.getByRole('button', { name: 'Close' }).click()
    await expect(staff).toHaveURL(new RegExp(`${path}\\?done=closed$`))
    await expect(staff.getByText('Done: the message is now Closed.', { exact: true })).toBeVisible()
    await expect(history(staff).nth(1)).toContainText('Robin Staff changed it from New to Closed')

    // A second tab still showing it closed: reopened in one, the other's reopen changes nothing.
    const other = await staff.context().newPage()
    await other.goto(path)
    await staff.getByRole('button', { name: 'Reopen' }).click()
    await expect(staff.getByText('Done: the message is now New.', { exact: true })).toBeVisible()
    await other.getByRole('button', { name: 'Reopen' }).click()
    const told = other.getByRole('alert').filter({ hasText: 'Someone else' })
    await expect(told).toHaveText('Someone else changed this message first: it is now New. Check it and try again.')
    await expect(told).toBeFocused()
    expect(new URL(other.url()).pathname).toBe(path)
    await other.goto(path)
    await expect(history(other)).toHaveCount(3)
  })
})
