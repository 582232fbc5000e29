import type { AddressInfo } from 'node:net'
import { createServer, type Server } from 'node:http'
import { paymentsSettings } from '@/config'
import { fasterPayments, WEBHOOK_TOLERANCE_SECONDS } from '@/payouts/bank/faster-payments'
import type { PaymentEvent } from '@/payouts/payer'
import { KNOWN_ACCOUNTS } from '../../payments-api/known-accounts'
import { createPaymentsServer } from '../../payments-api/server'
import { signWebhook } from '../../payments-api/webhooks'

const STAND_IN_KEY = 'payments-test-stand-in-key-0123456789'
const WEBHOOK_SECRET = 'payments-test-webhook-secret-abcdef'
const admin = { authorization: `Bearer ${STAND_IN_KEY}` }
const details = { accountHolder: 'Ada Lovelace', sortCode: '30-94-30', accountNumber: '12345678' }

/** A webhook receiver standing for the site: every body and header it was sent. */
function receiver() {
  const received: { body: string; signature: string }[] = []
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      received.push({
        body: Buffer.concat(chunks).toString('utf8'),
        signature: String(request.headers['payments-signature']),
      })
      response.writeHead(200).end()
    })
  })
  return { server, received }
}

const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}
const until = async (condition: () => boolean, ms = 5000) => {
  const deadline = Date.now() + ms
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe('the Faster Payments client, against the stand-in', () => {
  let standIn: Server
  let url: string
  const site = receiver()
  const settings = () =>
    paymentsSettings({
      STAND_IN_KEY,
      PAYMENTS_URL: url,
      PAYMENTS_WEBHOOK_SECRET: WEBHOOK_SECRET,
      PAYMENTS_TIMEOUT_MS: '1500',
    })
  const client = () => fasterPayments(settings())
  const switches = async (body: object) => {
    const response = await fetch(`${url}/admin/switches`, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: admin,
    })
    expect(response.status).toBe(200)
  }
  const key = () => `test-${Math.random().toString(36).slice(2)}-${Date.now()}`

  beforeAll(async () => {
    const webhookUrl = await listen(site.server)
    standIn = createPaymentsServer({ key: STAND_IN_KEY, webhookSecret: WEBHOOK_SECRET, webhookUrl })
    url = await listen(standIn)
  })
  afterAll(async () => {
    await new Promise((resolve) => standIn.close(resolve))
    await new Promise((resolve) => site.server.close(resolve))
  })
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => {}))
  afterEach(async () => {
    jest.restoreAllMocks()
    await fetch(`${url}/admin/reset`, { method: 'POST', headers: admin })
    site.received.length = 0
  })

  it('sends a payment once, however often the same key is sent', async () => {
    const request = { idempotencyKey: key(), amountPence: 12_345, reference: 'HB-ABC123', details }
    const first = await client().send(request)
    expect(first).toMatchObject({ ok: true, value: { status: 'accepted' } })
    const again = await client().send(request)
    expect(again.ok && first.ok && again.value.id).toBe(first.ok && first.value.id)
    const another = await client().send({ ...request, idempotencyKey: key() })
    expect(another.ok && another.value.id).not.toBe(first.ok && first.value.id)
    const summary = await (await fetch(`${url}/admin/summary`, { headers: admin })).json()
    expect(summary.payments).toBe(2)
  })

  it('refuses the same key with another body: another amount or another account', async () => {
    const request = { idempotencyKey: key(), amountPence: 5000, reference: 'HB-ABC124', details }
    expect((await client().send(request)).ok).toBe(true)
    expect(await client().send({ ...request, amountPence: 5001 })).toMatchObject({ ok: false, reason: 'refused' })
    expect(await client().send({ ...request, details: { ...details, accountNumber: '87654321' } })).toMatchObject({
      ok: false,
      reason: 'refused',
    })
  })

  it('refuses what no provider takes: a reference past 18 characters, pence that are not whole', async () => {
    const base = { idempotencyKey: key(), amountPence: 100, reference: 'HB-1', details }
    expect(await client().send({ ...base, reference: 'X'.repeat(19) })).toMatchObject({ ok: false, reason: 'refused' })
    expect(await client().send({ ...base, amountPence: 10.5 })).toMatchObject({ ok: false, reason: 'refused' })
  })

  it('reads a payment back to its final status, and hears it by a signed webhook', async () => {
    const sent = await client().send({ idempotencyKey: key(), amountPence: 700, reference: 'HB-READ', details })
    if (!sent.ok) throw new Error(sent.detail)
    await until(() => site.received.length === 1)
    const read = await client().read(sent.value.id)
    expect(read).toEqual({ ok: true, value: { id: sent.value.id, status: 'settled', reason: null } })
    const { body, signature } = site.received[0]!
    const event = client().verifyWebhook(body, new Headers({ 'payments-signature': signature }))
    expect(event).toMatchObject({ payment: { id: sent.value.id, status: 'settled' } })
    expect(await client().read('pay_nosuchpayment')).toMatchObject({ ok: false, reason: 'refused' })
  })

  it('tells a rejected payment and a returned one, with the reason, and a switch rejects chosen accounts', async () => {
    const rejected = Object.entries(KNOWN_ACCOUNTS).find(
      ([, account]) => account.payment.outcome === 'rejected' && account.cop.result === 'match',
    )!
    const returned = Object.entries(KNOWN_ACCOUNTS).find(([, account]) => account.payment.outcome === 'returned')!
    const to = (account: string) => ({
      ...details,
      sortCode: account.split(':')[0]!,
      accountNumber: account.split(':')[1]!,
    })
    await switches({ returnMs: 200, rejectAccounts: ['111111:22334455'] })
    const a = await client().send({
      idempotencyKey: key(),
      amountPence: 100,
      reference: 'HB-REJ',
      details: to(rejected[0]),
    })
    const b = await client().send({
      idempotencyKey: key(),
      amountPence: 100,
      reference: 'HB-RET',
      details: to(returned[0]),
    })
    const c = await client().send({
      idempotencyKey: key(),
      amountPence: 100,
      reference: 'HB-SW',
      details: to('111111:22334455'),
    })
    await until(() => site.received.length === 4)
    const events = site.received.map(({ body, signature }) =>
      client().verifyWebhook(body, new Headers({ 'payments-signature': signature })),
    )
    const of = (reply: typeof a) =>
      events.filter((event) => reply.ok && event?.payment.id === reply.value.id).map((event) => event!.payment.status)
    expect(of(a)).toEqual(['rejected'])
    expect(of(b)).toEqual(['settled', 'returned'])
    expect(of(c)).toEqual(['rejected'])
    if (!b.ok) throw new Error('not sent')
    expect(await client().read(b.value.id)).toMatchObject({
      ok: true,
      value: { status: 'returned', reason: expect.stringMatching(/AC06/) },
    })
  })

  it('refuses a forged, altered or stale webhook, and one signed with another secret', async () => {
    const body = JSON.stringify({
      id: 'evt_1',
      type: 'payment.settled',
      data: { id: 'pay_1', status: 'settled', reason: null },
    })
    const headers = (signature: string) => new Headers({ 'payments-signature': signature })
    const now = Math.floor(Date.now() / 1000)
    const verify = (raw: string, signature: string, at = Date.now()) =>
      fasterPayments(settings(), () => at).verifyWebhook(raw, headers(signature))
    expect(verify(body, signWebhook(WEBHOOK_SECRET, body, now))).toEqual<PaymentEvent>({
      eventId: 'evt_1',
      payment: { id: 'pay_1', status: 'settled', reason: null },
    })
    expect(verify(body, signWebhook('another-secret', body, now))).toBeNull()
    expect(verify(body.replace('settled', 'settled '), signWebhook(WEBHOOK_SECRET, body, now))).toBeNull()
    expect(verify(body.replace('pay_1', 'pay_2'), signWebhook(WEBHOOK_SECRET, body, now))).toBeNull()
    const stale = now - WEBHOOK_TOLERANCE_SECONDS - 1
    expect(verify(body, signWebhook(WEBHOOK_SECRET, body, stale))).toBeNull()
    // The same signature with its time changed to now no longer fits the body.
    expect(verify(body, signWebhook(WEBHOOK_SECRET, body, stale).replace(`t=${stale}`, `t=${now}`))).toBeNull()
    expect(verify(body, '')).toBeNull()
    expect(verify(body, `t=${now},v1=${'0'.repeat(64)}`)).toBeNull()
    // Signed, but saying settled about a payment it calls rejected: not an event the site acts on.
    const odd = JSON.stringify({
      id: 'evt_2',
      type: 'payment.settled',
      data: { id: 'pay_1', status: 'rejected', reason: 'x' },
    })
    expect(verify(odd, signWebhook(WEBHOOK_SECRET, odd, now))).toBeNull()
  })

  it('answers unavailable when the provider is down or slow, and sends again with the same key once it is back', async () => {
    await switches({ mode: 'down' })
    const request = { idempotencyKey: key(), amountPence: 900, reference: 'HB-DOWN', details }
    expect(await client().send(request)).toMatchObject({ ok: false, reason: 'unavailable' })
    expect(await client().confirmPayee(details)).toEqual({ result: 'unavailable', reasonCode: null })
    await switches({ mode: 'slow', delayMs: 3000 })
    expect(await client().send(request)).toMatchObject({ ok: false, reason: 'unavailable' })
    await switches({ mode: 'up' })
    // The slow request is still on its way; the retry with its key and the slow one make one payment.
    const retried = await client().send(request)
    expect(retried).toMatchObject({ ok: true })
    await new Promise((resolve) => setTimeout(resolve, 1700))
    const summary = await (await fetch(`${url}/admin/summary`, { headers: admin })).json()
    expect(summary.payments).toBe(1)
  })

  it('does not believe another program on the stand-in port: an answer without its proof', async () => {
    const impostor = createServer((_, response) => {
      response
        .writeHead(201, { 'content-type': 'application/json' })
        .end(JSON.stringify({ id: 'pay_fake', status: 'settled' }))
    })
    const impostorUrl = await listen(impostor)
    const fooled = fasterPayments(paymentsSettings({ STAND_IN_KEY, PAYMENTS_URL: impostorUrl }))
    expect(await fooled.send({ idempotencyKey: key(), amountPence: 1, reference: 'HB-X', details })).toMatchObject({
      ok: false,
      reason: 'unavailable',
    })
    await new Promise((resolve) => impostor.close(resolve))
  })

  it('confirms payees as the banks answer: match, close match with their name, no match, unavailable', async () => {
    const cop = (holder: string, sortCode: string, accountNumber: string) =>
      client().confirmPayee({ accountHolder: holder, sortCode, accountNumber })
    expect(await cop('Ada Lovelace', '30-94-30', '12345678')).toEqual({ result: 'match' })
    expect(await cop('John Smith', '20-00-00', '55779911')).toEqual({
      result: 'close_match',
      reasonCode: 'MBAM',
      name: 'Mr J Smith',
    })
    expect(await cop('Mr J Smith', '20-00-00', '55779911')).toEqual({ result: 'match' })
    expect(await cop('Jane Doe', '20-00-00', '55779911')).toEqual({ result: 'no_match', reasonCode: 'ANNM' })
    expect(await cop('Anyone', '20-00-00', '22222222')).toEqual({ result: 'no_match', reasonCode: 'ANNM' })
    expect(await cop('Anyone', '20-00-00', '33333333')).toEqual({ result: 'unavailable', reasonCode: 'OPTO' })
  })

  it('delays, duplicates and drops webhooks at the switch; the switch takes the key', async () => {
    expect((await fetch(`${url}/admin/switches`, { method: 'POST', body: '{"mode":"down"}' })).status).toBe(401)
    await switches({ webhookDuplicates: 3 })
    const sent = await client().send({ idempotencyKey: key(), amountPence: 100, reference: 'HB-DUP', details })
    await until(() => site.received.length === 3)
    expect(new Set(site.received.map(({ body }) => JSON.parse(body).id)).size).toBe(1)
    await switches({ webhookDuplicates: 1, dropWebhooks: true })
    const dropped = await client().send({ idempotencyKey: key(), amountPence: 100, reference: 'HB-DROP', details })
    if (!sent.ok || !dropped.ok) throw new Error('not sent')
    await until(() => false, 600).catch(() => {})
    expect(site.received).toHaveLength(3)
    expect(await client().read(dropped.value.id)).toMatchObject({ ok: true, value: { status: 'settled' } })
  })

  it('takes 5,000 payments quickly, each once', async () => {
    await switches({ dropWebhooks: true })
    const started = Date.now()
    const replies = []
    for (let batch = 0; batch < 50; batch++) {
      replies.push(
        ...(await Promise.all(
          Array.from({ length: 100 }, (_, index) =>
            client().send({
              idempotencyKey: `bulk-${batch}-${index}`,
              amountPence: 1000 + index,
              reference: `HB-${batch}-${index}`,
              details,
            }),
          ),
        )),
      )
    }
    const seconds = (Date.now() - started) / 1000
    console.log(`5,000 payments through the stand-in: ${seconds.toFixed(1)} s`)
    expect(replies.every((reply) => reply.ok)).toBe(true)
    const summary = await (await fetch(`${url}/admin/summary`, { headers: admin })).json()
    expect(summary.payments).toBe(5000)
    expect(seconds).toBeLessThan(30)
  }, 60_000)
})

describe('the payments settings', () => {
  it('take the Bacs route without a provider, and a real provider only over https with its key and secret', () => {
    expect(paymentsSettings({ PAYMENTS_ROUTE: 'bacs-file', SITE_URL: 'https://www.example.co.uk' })).toEqual({
      route: 'bacs-file',
    })
    expect(() => paymentsSettings({ PAYMENTS_ROUTE: 'cheque' })).toThrow(/PAYMENTS_ROUTE/)
    expect(() => paymentsSettings({ PAYMENTS_URL: 'http://provider.example' })).toThrow(/https/)
    expect(() => paymentsSettings({ PAYMENTS_URL: 'https://provider.example' })).toThrow(/PAYMENTS_API_KEY/)
    expect(
      paymentsSettings({
        PAYMENTS_URL: 'https://provider.example/v1/',
        PAYMENTS_API_KEY: 'k',
        PAYMENTS_WEBHOOK_SECRET: 's',
      }),
    ).toMatchObject({ route: 'faster-payments', url: 'https://provider.example/v1', standInKey: null })
  })

  it('refuse the stand-in on a public site address unless ALLOW_STAND_INS names it', () => {
    expect(() => paymentsSettings({ STAND_IN_KEY, SITE_URL: 'https://www.example.co.uk' })).toThrow(
      /ALLOW_STAND_INS=payments/,
    )
    expect(
      paymentsSettings({
        STAND_IN_KEY,
        SITE_URL: 'https://staging.example.co.uk',
        ALLOW_STAND_INS: 'register,payments',
      }),
    ).toMatchObject({ route: 'faster-payments', url: 'http://127.0.0.1:3991' })
    expect(() => paymentsSettings({})).toThrow(/STAND_IN_KEY/)
  })
})
