import type { AddressInfo } from 'node:net'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import { randomUUID } from 'node:crypto'
import { paypalSettings, type PaypalSettings } from '@/config'
import type { PaymentEvent } from '@/payouts/payer'
import { paypalAmount, paypalClient } from '@/payouts/paypal/paypal-client'
import { createPaypalServer } from '../../paypal-api/server'
import { KNOWN_RECIPIENTS } from '../../paypal-api/known-recipients'

/**
 * The PayPal client against its stand-in, both running here: a payment sent twice with one key is
 * one payment; each documented recipient ends as documented, told by a signed webhook and read back;
 * a webhook that is not the stand-in's is refused; a webhook sent twice is the same event.
 */
const KEY = 'paypal-stand-in-test-key-0123456789'
const settingsFor = (url: string): PaypalSettings => ({
  url,
  clientId: 'test-app',
  clientSecret: 'test-app-secret',
  webhookSecret: 'test-webhook-secret',
  timeoutMs: 2000,
  standInKey: KEY,
})
const admin = { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' }

type Heard = { body: string; headers: IncomingHttpHeaders }

describe('the PayPal client, against the stand-in', () => {
  let standIn: Server
  let site: Server
  let url: string
  const heard: Heard[] = []
  const client = () => paypalClient(settingsFor(url))
  const control = async (path: string, body: object) => {
    const response = await fetch(`${url}/admin/${path}`, { method: 'POST', headers: admin, body: JSON.stringify(body) })
    expect(response.status).toBe(200)
  }
  const headersOf = (headers: IncomingHttpHeaders) =>
    new Headers(Object.entries(headers).map(([name, value]): [string, string] => [name, String(value)]))
  const eventsFor = (id: string) =>
    heard
      .map((one) => client().verifyWebhook(one.body, headersOf(one.headers)))
      .filter((event) => event?.payment.id === id)
  const until = async (test: () => boolean, ms = 5000) => {
    for (const end = Date.now() + ms; Date.now() < end;) {
      if (test()) return
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
    throw new Error('waited too long')
  }
  const payment = (paypalEmail: string, amountPence = 1234) => ({
    idempotencyKey: randomUUID(),
    amountPence,
    reference: `HB-${Math.random().toString(36).slice(2, 8).toUpperCase()}`,
    details: { paypalEmail },
  })

  beforeAll(async () => {
    // The site's webhook address: it keeps what it hears.
    site = createServer((request, response) => {
      const chunks: Buffer[] = []
      request.on('data', (chunk: Buffer) => chunks.push(chunk))
      request.on('end', () => {
        heard.push({ body: Buffer.concat(chunks).toString('utf8'), headers: request.headers })
        response.writeHead(200).end()
      })
    })
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve))
    standIn = createPaypalServer({
      key: KEY,
      clientId: 'test-app',
      clientSecret: 'test-app-secret',
      webhookSecret: 'test-webhook-secret',
      webhookUrl: `http://127.0.0.1:${(site.address() as AddressInfo).port}/api/payouts/paypal/webhook`,
      stepMs: 30,
    })
    await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve))
    url = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    standIn.closeAllConnections()
    site.closeAllConnections()
    await new Promise((resolve) => standIn.close(resolve))
    await new Promise((resolve) => site.close(resolve))
  })
  afterEach(async () => {
    await control('mode', { mode: 'up' })
    await control('webhooks', { mode: 'normal', delayMs: 0 })
  })

  it('writes pence as PayPal amounts, never a fraction of a penny', () => {
    expect(paypalAmount(1234)).toBe('12.34')
    expect(paypalAmount(5)).toBe('0.05')
    expect(paypalAmount(100_000)).toBe('1000.00')
    expect(() => paypalAmount(12.5)).toThrow()
    expect(() => paypalAmount(0)).toThrow()
  })

  it('sends one payment however often it is sent with one key, and a second with a new key', async () => {
    const request = payment('sam.seller@example.com')
    const first = await client().send(request)
    expect(first).toEqual({ ok: true, value: { id: expect.stringMatching(/^PI/), status: 'accepted', reason: null } })
    // A retry, even from another instance with a token of its own.
    const again = await client().send(request)
    expect(again.ok && first.ok && again.value.id).toBe(first.ok && first.value.id)
    const counted = await (await fetch(`${url}/admin/batches/${request.idempotencyKey}`, { headers: admin })).json()
    expect(counted).toEqual({ asked: 2, made: 1 })
    // A deliberate second attempt has a key of its own: a payment of its own.
    const second = await client().send({ ...request, idempotencyKey: randomUUID() })
    expect(second.ok && first.ok && second.value.id).not.toBe(first.ok && first.value.id)
  })

  it('refuses the same key with other details: a retry never becomes another payment', async () => {
    const request = payment('sam.seller@example.com')
    await client().send(request)
    await expect(client().send({ ...request, amountPence: 99_999 })).resolves.toEqual({
      ok: false,
      reason: 'refused',
      detail: 'DUPLICATE_REQUEST_ID',
    })
    await expect(client().send({ ...request, details: { paypalEmail: 'thief@example.com' } })).resolves.toMatchObject({
      ok: false,
      reason: 'refused',
    })
  })

  it('is told each final status by a signed webhook, and reads the same back by id', async () => {
    const cases: [string, string, string | null][] = [
      ['paid@example.com', 'settled', null],
      ['failed@paypal.example', 'rejected', 'RECEIVER_ACCOUNT_LOCKED'],
      ['blocked@paypal.example', 'rejected', 'RISK_DECLINED'],
      ['returned@paypal.example', 'returned', 'RETURNED'],
    ]
    for (const [address, status, reason] of cases) {
      const sent = await client().send(payment(address))
      if (!sent.ok) throw new Error(sent.detail)
      await until(() => eventsFor(sent.value.id).some((event) => event!.payment.status !== 'accepted'))
      expect(eventsFor(sent.value.id).at(-1)!.payment).toEqual({ id: sent.value.id, status, reason })
      await expect(client().read(sent.value.id)).resolves.toEqual({
        ok: true,
        value: { id: sent.value.id, status, reason },
      })
    }
  })

  it('keeps an unclaimed payment as not final: the money waits for a PayPal account', async () => {
    expect(KNOWN_RECIPIENTS['unclaimed@paypal.example']!.steps).toEqual(['UNCLAIMED'])
    const sent = await client().send(payment('unclaimed@paypal.example'))
    if (!sent.ok) throw new Error(sent.detail)
    await until(() => eventsFor(sent.value.id).length > 0)
    expect(eventsFor(sent.value.id)[0]!.payment).toEqual({ id: sent.value.id, status: 'accepted', reason: 'UNCLAIMED' })
    await expect(client().read(sent.value.id)).resolves.toMatchObject({ ok: true, value: { status: 'accepted' } })
  })

  it('refuses a forged webhook: another secret, a changed body, a missing signature, another algorithm', async () => {
    const sent = await client().send(payment('forged@example.com'))
    if (!sent.ok) throw new Error(sent.detail)
    await until(() => eventsFor(sent.value.id).length > 0)
    const real = heard.find((one) => one.body.includes(sent.value.id))!
    const headers = headersOf(real.headers)
    expect(client().verifyWebhook(real.body, headers)).not.toBeNull()
    // The same webhook, checked by a site with another secret.
    expect(paypalClient({ ...settingsFor(url), webhookSecret: 'another' }).verifyWebhook(real.body, headers)).toBeNull()
    // Settled turned into a return, or the item changed, under the real signature.
    expect(client().verifyWebhook(real.body.replace('SUCCEEDED', 'RETURNED'), headers)).toBeNull()
    expect(client().verifyWebhook(real.body.replace(sent.value.id, 'PIOTHER'), headers)).toBeNull()
    const without = new Headers(headers)
    without.delete('paypal-transmission-sig')
    expect(client().verifyWebhook(real.body, without)).toBeNull()
    const otherAlgo = new Headers(headers)
    otherAlgo.set('paypal-auth-algo', 'SHA256withRSA')
    expect(client().verifyWebhook(real.body, otherAlgo)).toBeNull()
    expect(client().verifyWebhook('not json', headers)).toBeNull()
  })

  it('recognises a webhook sent twice as one event (its id), though each delivery is signed afresh', async () => {
    await control('webhooks', { mode: 'duplicate' })
    const sent = await client().send(payment('twice@example.com'))
    if (!sent.ok) throw new Error(sent.detail)
    await until(() => eventsFor(sent.value.id).length === 2)
    const [one, two] = eventsFor(sent.value.id) as PaymentEvent[]
    expect(one!.eventId).toMatch(/^WH-/)
    expect(two!.eventId).toBe(one!.eventId)
    const deliveries = heard.filter((heardOne) => heardOne.body.includes(sent.value.id))
    expect(deliveries[0]!.headers['paypal-transmission-id']).not.toBe(deliveries[1]!.headers['paypal-transmission-id'])
  })

  it('keeps webhooks while held, and sends them when released', async () => {
    await control('webhooks', { mode: 'held' })
    const sent = await client().send(payment('held@example.com'))
    if (!sent.ok) throw new Error(sent.detail)
    await new Promise((resolve) => setTimeout(resolve, 150))
    expect(eventsFor(sent.value.id)).toEqual([])
    // Read back by id meanwhile: the only truth while a webhook is missing.
    await expect(client().read(sent.value.id)).resolves.toMatchObject({ ok: true, value: { status: 'settled' } })
    await control('webhooks/release', {})
    await until(() => eventsFor(sent.value.id).length === 1)
  })

  it('says unavailable when PayPal is down or slow, and refused for bad credentials or an unknown item', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {})
    await control('mode', { mode: 'down' })
    await expect(client().send(payment('down@example.com'))).resolves.toMatchObject({
      ok: false,
      reason: 'unavailable',
    })
    await control('mode', { mode: 'slow', delayMs: 3000 })
    await expect(paypalClient({ ...settingsFor(url), timeoutMs: 200 }).read('PI1')).resolves.toMatchObject({
      ok: false,
      reason: 'unavailable',
    })
    await control('mode', { mode: 'up' })
    await expect(
      paypalClient({ ...settingsFor(url), clientSecret: 'wrong' }).send(payment('a@example.com')),
    ).resolves.toMatchObject({ ok: false, reason: 'refused' })
    await expect(client().read('PINOSUCHITEM')).resolves.toEqual({
      ok: false,
      reason: 'refused',
      detail: 'INVALID_RESOURCE_ID',
    })
    await expect(client().read('../admin/events')).resolves.toMatchObject({ ok: false, reason: 'refused' })
    jest.restoreAllMocks()
  })

  it("believes nothing on the stand-in's address that cannot prove it is ours", async () => {
    // It answers everything as PayPal would: a token, and an item paid.
    const impostor = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(
        JSON.stringify({
          access_token: 'x',
          expires_in: 3600,
          payout_item_id: 'PI1',
          transaction_status: 'SUCCESS',
          items: [{ payout_item_id: 'PI1', transaction_status: 'SUCCESS' }],
        }),
      )
    })
    await new Promise<void>((resolve) => impostor.listen(0, '127.0.0.1', resolve))
    const impostorUrl = `http://127.0.0.1:${(impostor.address() as AddressInfo).port}`
    for (const asked of [
      paypalClient(settingsFor(impostorUrl)).read('PI1'),
      paypalClient(settingsFor(impostorUrl)).send(payment('a@example.com')),
    ]) {
      await expect(asked).resolves.toMatchObject({ ok: false, reason: 'unavailable' })
    }
    await new Promise((resolve) => impostor.close(resolve))
  })

  it('rejects a batch PayPal would reject: no key, a bad amount, another currency, no address', async () => {
    const token = await (
      await fetch(`${url}/v1/oauth2/token`, {
        method: 'POST',
        headers: { authorization: `Basic ${Buffer.from('test-app:test-app-secret').toString('base64')}` },
        body: 'grant_type=client_credentials',
      })
    ).json()
    const post = (body: object) =>
      fetch(`${url}/v1/payments/payouts`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token.access_token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    const item = { receiver: 'a@example.com', amount: { value: '1.00', currency: 'GBP' }, sender_item_id: 'HB-1' }
    expect((await post({ items: [item] })).status).toBe(400)
    for (const bad of [
      { ...item, amount: { value: '1.005', currency: 'GBP' } },
      { ...item, amount: { value: '-1.00', currency: 'GBP' } },
      { ...item, amount: { value: '1.00', currency: 'USD' } },
      { ...item, receiver: 'not an address' },
    ]) {
      expect((await post({ sender_batch_header: { sender_batch_id: randomUUID() }, items: [bad] })).status).toBe(400)
    }
    const noToken = await fetch(`${url}/v1/payments/payouts`, { method: 'POST', body: '{}' })
    expect(noToken.status).toBe(401)
    const noKey = await fetch(`${url}/admin/mode`, { method: 'POST', body: JSON.stringify({ mode: 'down' }) })
    expect(noKey.status).toBe(401)
  })
})

describe("PayPal's settings", () => {
  const key = { STAND_IN_KEY: 'the-sites-own-stand-in-key-42' }

  it('use the stand-in on this machine, with secrets derived from the shared key', () => {
    const settings = paypalSettings(key)
    expect(settings).toMatchObject({
      url: 'http://127.0.0.1:3992',
      clientId: 'handback-stand-in',
      standInKey: key.STAND_IN_KEY,
    })
    expect(settings.webhookSecret).not.toBe(settings.clientSecret)
    expect(paypalSettings({ ...key, PAYPAL_STANDIN_PORT: '4400' }).url).toBe('http://127.0.0.1:4400')
    expect(() => paypalSettings({})).toThrow(/STAND_IN_KEY/)
  })

  it('refuse the stand-in on a public site address, unless ALLOW_STAND_INS names it', () => {
    const site = 'https://www.handback.example'
    expect(() => paypalSettings({ ...key, SITE_URL: site })).toThrow(/ALLOW_STAND_INS/)
    expect(() => paypalSettings({ ...key, SITE_URL: site, ALLOW_STAND_INS: 'register' })).toThrow(/ALLOW_STAND_INS/)
    expect(paypalSettings({ ...key, SITE_URL: site, ALLOW_STAND_INS: 'register,paypal' }).standInKey).toBe(
      key.STAND_IN_KEY,
    )
  })

  it('take PayPal itself over https only, with its credentials and webhook secret', () => {
    expect(() => paypalSettings({ PAYPAL_URL: 'http://api-m.paypal.com' })).toThrow(/https/)
    expect(() => paypalSettings({ PAYPAL_URL: 'https://api-m.paypal.com' })).toThrow(/PAYPAL_CLIENT_ID/)
    const live = {
      PAYPAL_URL: 'https://api-m.paypal.com',
      PAYPAL_CLIENT_ID: 'id',
      PAYPAL_CLIENT_SECRET: 's',
      PAYPAL_WEBHOOK_SECRET: 'w',
    }
    expect(paypalSettings({ ...live, SITE_URL: 'https://www.handback.example' })).toEqual({
      url: 'https://api-m.paypal.com',
      clientId: 'id',
      clientSecret: 's',
      webhookSecret: 'w',
      timeoutMs: 10_000,
      standInKey: null,
    })
  })
})
