import { expect, test, type APIRequestContext } from '@playwright/test'
import { MAIL_OUTBOX_DIR, testClientAddress, uniqueEmail } from '../support/e2e-env'
import { readOutbox } from '../support/mail-messages'
import { mailCount, mailTo } from './account-helpers'

// HTTP tests of the running endpoints; the browser project is irrelevant, so run them once.
test.beforeEach(({}, testInfo) => test.skip(testInfo.project.name !== 'desktop', 'HTTP only'))

const CONFIRM_SUBJECT = /^Confirm your sign-up to Handback news$/

/** How long a barrier may wait for the outbox to send everything queued before it. */
const OUTBOX_DRAIN_MS = 30_000

/**
 * The newsletter's confirmation e-mails, once every sign-up taken before this call has had its
 * e-mail written: a sign-up of its own is sent, and the outbox sends in the order requests came.
 */
async function confirmationsSoFar(request: APIRequestContext) {
  const barrier = uniqueEmail('barrier')
  expect((await send(request, '/api/newsletter', { email: barrier, consent: true })).status).toBe(201)
  let mails: Awaited<ReturnType<typeof readOutbox>> = []
  // The outbox sends one at a time: after 200 sign-ups the barrier's e-mail comes 201st, which on a
  // busy CI machine takes longer than expect.poll's default 5 seconds. The wait ends on the event.
  await expect
    .poll(async () => (mails = await readOutbox(MAIL_OUTBOX_DIR)).some((mail) => mail.to === barrier), {
      timeout: OUTBOX_DRAIN_MS,
    })
    .toBe(true)
  return mails.filter((mail) => CONFIRM_SUBJECT.test(mail.subject))
}

/**
 * The contact messages' e-mails to the business (Reply-To: the sender), once every message taken
 * before this call has had its e-mail written: a message of its own is sent, and the outbox sends in
 * the order messages came, so once its e-mail is in the folder so is every earlier one's.
 */
async function contactMailsSoFar(request: APIRequestContext) {
  const barrier = uniqueEmail('barrier')
  const taken = await send(request, '/api/contact', { name: 'Barrier', email: barrier, message: 'Barrier' })
  expect(taken.status).toBe(201)
  let mails: Awaited<ReturnType<typeof readOutbox>> = []
  await expect
    .poll(async () => (mails = await readOutbox(MAIL_OUTBOX_DIR)).some((mail) => mail.replyTo === barrier), {
      timeout: OUTBOX_DRAIN_MS,
    })
    .toBe(true)
  return mails.filter((mail) => mail.replyTo)
}

async function send(request: APIRequestContext, path: string, data: unknown, headers: Record<string, string> = {}) {
  const response = await request.post(path, {
    headers: { 'content-type': 'application/json', 'x-forwarded-for': testClientAddress(), ...headers },
    // A Buffer goes out byte for byte; Playwright would re-encode a string it cannot parse as JSON.
    data: Buffer.from(typeof data === 'string' ? data : JSON.stringify(data)),
  })
  const body = (await response.json()) as { ok: boolean; code?: string; message?: string; status?: string }
  return { status: response.status(), body, raw: response }
}

test('a sign-up is asked to confirm once by e-mail; a second one is answered exactly like the first', async ({
  request,
}) => {
  const email = uniqueEmail('once')
  const first = await send(request, '/api/newsletter', { email, consent: true })
  expect(first.status).toBe(201)
  expect(first.body).toEqual({ ok: true, status: 'created' })
  const again = await send(request, '/api/newsletter', { email, consent: true })
  // The same status and body: the form tells nobody whether an address is on the list.
  expect(again.status).toBe(first.status)
  expect(again.body).toEqual(first.body)
  const confirm = await mailTo(email, CONFIRM_SUBJECT)
  expect(confirm.text).toMatch(/^Hello,\n/)
  expect(confirm.text).toContain('/confirm-subscription?token=')
  // One e-mail: the second request, within the hour, sends none.
  await confirmationsSoFar(request)
  expect(await mailCount(email)).toBe(1)
})

const badInputs: Array<[name: string, path: string, body: string, type: string, status: number, code: string]> = [
  ['malformed JSON', '/api/newsletter', '{"email": "a@b.co",', 'application/json', 400, 'malformed_json'],
  [
    'a wrong content type',
    '/api/newsletter',
    'email=a%40example.com',
    'application/x-www-form-urlencoded',
    415,
    'unsupported_media_type',
  ],
  [
    'a body over 10 kB',
    '/api/newsletter',
    JSON.stringify({ email: 'a@example.com', consent: true, pad: 'x'.repeat(11000) }),
    'application/json',
    413,
    'payload_too_large',
  ],
  [
    'an invalid address',
    '/api/newsletter',
    JSON.stringify({ email: 'not-an-address', consent: true }),
    'application/json',
    422,
    'invalid_email',
  ],
  [
    'an over-long address',
    '/api/newsletter',
    JSON.stringify({ email: `${'a'.repeat(250)}@example.com`, consent: true }),
    'application/json',
    422,
    'too_long',
  ],
  [
    'markup in the address',
    '/api/newsletter',
    JSON.stringify({ email: '<b>x</b>@example.com', consent: true }),
    'application/json',
    422,
    'invalid_characters',
  ],
  [
    'a control character',
    '/api/newsletter',
    JSON.stringify({ email: 'a\u0007b@example.com', consent: true }),
    'application/json',
    422,
    'invalid_characters',
  ],
  [
    'missing consent',
    '/api/newsletter',
    JSON.stringify({ email: 'a@example.com' }),
    'application/json',
    422,
    'consent_required',
  ],
  [
    'a filled honeypot',
    '/api/newsletter',
    JSON.stringify({ email: 'a@example.com', consent: true, website: 'http://spam' }),
    'application/json',
    422,
    'spam_suspected',
  ],
  [
    'markup in a contact message',
    '/api/contact',
    JSON.stringify({ name: 'Jo', email: 'jo@example.com', message: '<script>alert(1)</script>' }),
    'application/json',
    422,
    'invalid_characters',
  ],
  [
    'a contact message with no name',
    '/api/contact',
    JSON.stringify({ email: 'jo@example.com', message: 'Hi' }),
    'application/json',
    422,
    'required',
  ],
  [
    'a non-UK phone number',
    '/api/contact',
    JSON.stringify({ name: 'Jo', email: 'jo@example.com', phone: '+1 212 555 0100', message: 'Hi' }),
    'application/json',
    422,
    'invalid_phone',
  ],
  ['a JSON array', '/api/contact', '[1,2]', 'application/json', 422, 'required'],
]

for (const [name, path, body, type, status, code] of badInputs) {
  test(`${path} refuses ${name} with ${status} and a specific message`, async ({ request }) => {
    const result = await send(request, path, body, { 'content-type': type })
    expect(result.status).toBe(status)
    expect(result.body.ok).toBe(false)
    expect(result.body.code).toBe(code)
    expect(result.body.message).toMatch(/\w/)
    expect(JSON.stringify(result.body)).not.toMatch(/at \w+ \(|node_modules|Error:/)
    // Other tests sign up meanwhile (with addresses of their own): only this body's may not be asked.
    if (path === '/api/newsletter') {
      const mails = await confirmationsSoFar(request)
      expect(mails.filter((mail) => decodeURIComponent(body).includes(mail.to))).toEqual([])
    }
    // Contact messages are kept in the database, each announced to the business by an e-mail.
    if (path === '/api/contact') {
      const mails = await contactMailsSoFar(request)
      expect(mails.filter((mail) => body.toLowerCase().includes(mail.replyTo!))).toEqual([])
    }
  })
}

test('a form posted from another site is refused', async ({ request }) => {
  const result = await send(
    request,
    '/api/newsletter',
    { email: uniqueEmail('cross'), consent: true },
    { origin: 'https://evil.example' },
  )
  expect(result.status).toBe(403)
  expect(result.body.code).toBe('cross_origin')
})

test('one client sending too fast gets 429 with Retry-After', async ({ request }) => {
  const client = testClientAddress()
  const statuses: number[] = []
  let retryAfter: string | undefined
  for (let i = 0; i < 7; i++) {
    const result = await send(
      request,
      '/api/contact',
      { name: 'Jo', email: uniqueEmail('rate'), message: `Message ${i}` },
      { 'x-forwarded-for': client },
    )
    statuses.push(result.status)
    retryAfter ??= result.raw.headers()['retry-after']
  }
  expect(statuses.slice(0, 5)).toEqual([201, 201, 201, 201, 201])
  expect(statuses.slice(5)).toEqual([429, 429])
  expect(Number(retryAfter)).toBeGreaterThan(0)
})

test('200 parallel distinct sign-ups are each asked to confirm exactly once', async ({ request }) => {
  const emails = Array.from({ length: 200 }, (_, i) => uniqueEmail(`bulk${i}`))
  const results = await Promise.all(
    emails.map((email, i) =>
      send(request, '/api/newsletter', { email, consent: true }, { 'x-forwarded-for': `198.51.100.${i % 250}` }),
    ),
  )
  expect(results.map((r) => r.status)).toEqual(emails.map(() => 201))
  const counts = new Map<string, number>()
  for (const mail of await confirmationsSoFar(request)) counts.set(mail.to, (counts.get(mail.to) ?? 0) + 1)
  expect(emails.map((email) => counts.get(email))).toEqual(emails.map(() => 1))
})

test('other methods are not allowed', async ({ request }) => {
  expect((await request.get('/api/newsletter')).status()).toBe(405)
})
