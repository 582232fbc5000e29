import { expect, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test'
import { MAIL_OUTBOX_DIR, testClientAddress, uniqueEmail } from '../support/e2e-env'
import { readOutbox as readMessages, type ReceivedMail as MailMessage } from '../support/mail-messages'

export type Seller = { name: string; email: string; password: string }

/** A seller nobody has used yet; the password is three random words, as the hint suggests. */
export function newSeller(tag: string): Seller {
  return { name: 'Alex Morgan', email: uniqueEmail(tag), password: 'cobalt pillow harvest' }
}

/** Gives the page a client address of its own, so per-client rate limits stay per test. */
export async function ownAddress(page: Page) {
  await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': testClientAddress() })
}

/**
 * Types into a field from the keyboard: focus it, then enter the text as one input (as a keyboard's
 * input method or an autofill does). A key event per character cost seconds per field under load.
 */
export async function typeInto(field: Locator, text: string) {
  await field.focus()
  await field.page().keyboard.insertText(text)
}

export const textbox = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true })
export const passwordField = (page: Page, label: string) => page.getByLabel(label, { exact: true })
export const errorSummary = (page: Page) => page.getByRole('alert').filter({ hasText: 'There is a problem' })

/** Presses a button from the keyboard: focus, then Enter. */
export async function press(page: Page, name: string) {
  await page.getByRole('button', { name, exact: true }).focus()
  await page.keyboard.press('Enter')
}

export async function signUp(page: Page, seller: Seller) {
  await page.goto('/sign-up')
  await typeInto(textbox(page, 'Full name'), seller.name)
  await typeInto(textbox(page, 'E-mail address'), seller.email)
  await typeInto(passwordField(page, 'Password'), seller.password)
  await press(page, 'Create account')
  await expect(page).toHaveURL(/\/sign-up\?sent=1$/)
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible()
}

export async function logIn(page: Page, email: string, password: string, path = '/login') {
  await page.goto(path)
  await typeInto(textbox(page, 'E-mail address'), email)
  await typeInto(passwordField(page, 'Password'), password)
  await press(page, 'Log in')
}

/** The newest e-mail to `to` whose subject matches, waiting for it to be written. */
export async function mailTo(
  to: string,
  subject: RegExp,
  after = 0,
  timeout = 10_000,
  outbox = MAIL_OUTBOX_DIR,
): Promise<MailMessage> {
  let found: MailMessage | undefined
  await expect
    .poll(
      async () => {
        const messages = (await readMessages(outbox)).filter((m) => m.to === to && subject.test(m.subject))
        found = messages[after]
        return Boolean(found)
      },
      { timeout, message: `an e-mail to ${to} about ${subject}` },
    )
    .toBe(true)
  return found!
}

export async function mailCount(to: string): Promise<number> {
  return (await readMessages(MAIL_OUTBOX_DIR)).filter((m) => m.to === to).length
}

/**
 * Returns once every e-mail queued before this call is in the outbox folder, for a test that checks
 * that an answer it already has sent nothing more (instead of waiting a fixed time): a new address
 * signs up for the newsletter, and its confirmation is waited for. The outbox sends oldest first,
 * one message after another, so once that e-mail is in the folder so is every one queued before it.
 */
export async function outboxCaughtUp(request: APIRequestContext) {
  const barrier = uniqueEmail('barrier')
  const response = await request.post('/api/newsletter', {
    headers: { 'content-type': 'application/json', 'x-forwarded-for': testClientAddress() },
    data: Buffer.from(JSON.stringify({ email: barrier, consent: true })),
  })
  expect(response.status(), 'the barrier sign-up').toBe(201)
  await mailTo(barrier, /^Confirm your sign-up to Handback news$/)
}

/** The link in an e-mail that goes to `path` on this site, as a path the test can open. */
export function linkIn(message: MailMessage, path: string): string {
  const match = message.text.match(new RegExp(`https?://[^\\s/]+(${path.replace(/[?]/g, '\\?')}[^\\s]*)`))
  expect(match, `a link to ${path} in "${message.subject}"`).not.toBeNull()
  return match![1]!
}

/**
 * Opens the verification e-mail's link and confirms the address as its owner does: with the
 * account's password, in the same browser.
 */
export async function confirmEmail(page: Page, message: MailMessage, password: string) {
  await page.goto(linkIn(message, '/confirm-email?token='))
  await expect(page.getByRole('heading', { name: 'Confirm your e-mail address', level: 1 })).toBeVisible()
  await typeInto(passwordField(page, 'Password'), password)
  await press(page, 'Confirm my e-mail address')
}

/**
 * The newest e-mail to `to` whose subject matches in `outbox`: a server of the spec's own writes to
 * an outbox of its own (tests/support/site-copy.ts), and starts slowly on a loaded machine.
 */
export async function newestMailIn(outbox: string, to: string, subject: RegExp): Promise<MailMessage> {
  let found: MailMessage | undefined
  await expect
    .poll(
      async () => {
        found = (await readMessages(outbox)).findLast((m) => m.to === to && subject.test(m.subject))
        return Boolean(found)
      },
      { timeout: 120_000, intervals: [2_000], message: `an e-mail to ${to} about ${subject}` },
    )
    .toBe(true)
  return found!
}

/** A page on a server of the spec's own at `origin`, from this worker's own address, with scripts or without. */
export async function pageAt(browser: Browser, origin: string, scripts = true): Promise<Page> {
  const page = await (await browser.newContext({ baseURL: origin, javaScriptEnabled: scripts })).newPage()
  await ownAddress(page)
  return page
}
