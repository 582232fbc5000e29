import { createServer, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { smsSettings } from '@/config'
import { smsClient, toE164 } from '@/sms/client'
import { createSmsServer } from '../../sms-api/server'

describe('the text-message settings', () => {
  it('refuses the stand-in for a site not on this machine, and a real provider without its key and sender', () => {
    expect(() => smsSettings({ SITE_URL: 'https://www.example.co.uk', STAND_IN_KEY: 'k' })).toThrow(/SMS_URL/)
    expect(() => smsSettings({ SMS_URL: 'https://api.twilio.com' })).toThrow(/SMS_API_KEY/)
    expect(() =>
      smsSettings({ SMS_URL: 'https://api.twilio.com', SMS_API_KEY: 'no-secret', SMS_FROM: 'Shop' }),
    ).toThrow(/account:secret/)
    expect(() => smsSettings({ SMS_URL: 'http://sms.example.com' })).toThrow(/https/)
    expect(smsSettings({ SMS_URL: 'https://api.twilio.com', SMS_API_KEY: 'AC1:s', SMS_FROM: 'Shop' })).toMatchObject({
      key: 'AC1:s',
      from: 'Shop',
      standInKey: null,
    })
    expect(smsSettings({ STAND_IN_KEY: 'k' })).toMatchObject({ url: 'http://127.0.0.1:3994', standInKey: 'k' })
    expect(smsSettings({ STAND_IN_KEY: 'k', SMS_STANDIN_PORT: '4504' }).url).toBe('http://127.0.0.1:4504')
    expect(
      smsSettings({ SITE_URL: 'https://www.example.co.uk', STAND_IN_KEY: 'k', ALLOW_STAND_INS: 'sms' }).standInKey,
    ).toBe('k')
  })

  it('writes a UK number as the provider takes it, and nothing else', () => {
    expect(toE164('07700 900123')).toBe('+447700900123')
    expect(toE164('+44 7700 900123')).toBe('+447700900123')
    expect(toE164('0044 7700-900123')).toBe('+447700900123')
    expect(toE164('7700900123')).toBeNull()
    expect(toE164('+1 555 0100')).toBeNull()
  })
})

describe('the text-message client, against the stand-in', () => {
  let server: Server
  let url: string
  const STAND_IN_KEY = 'sms-stand-in-test-key-0123456789'
  const admin = { authorization: `Bearer ${STAND_IN_KEY}` }
  const sent = async (words: string) =>
    (
      (await (await fetch(`${url}/admin/sent`, { headers: admin })).json()) as {
        texts: { to: string; from: string; body: string }[]
      }
    ).texts.filter((text) => text.body.includes(words))

  beforeAll(async () => {
    server = createSmsServer({ key: STAND_IN_KEY })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise((resolve) => server.close(resolve)))
  // The client logs each failure's kind; here they are on purpose.
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => {}))
  afterEach(async () => {
    jest.restoreAllMocks()
    await fetch(`${url}/admin/mode`, { method: 'POST', body: JSON.stringify({ mode: 'up' }), headers: admin })
  })

  const client = (standInKey = STAND_IN_KEY) =>
    smsClient({ url, key: undefined, from: 'StandIn', timeoutMs: 2000, standInKey })

  it('sends a text to the number in E.164, from our sender', async () => {
    const text = { to: '07700 900123', body: 'Your parcel for HB-ABCD-EFGH has not moved.' }
    await expect(client().send(text)).resolves.toEqual({ ok: true, id: expect.stringMatching(/^SM[0-9a-f]{32}$/) })
    expect(await sent('HB-ABCD-EFGH')).toEqual([
      { ...text, to: '+447700900123', from: 'StandIn', sid: expect.any(String), at: expect.any(String) },
    ])
  })

  it('is refused a number that is not a UK mobile, and unavailable while the provider is down', async () => {
    await expect(client().send({ to: '020 7946 0123', body: 'landline' })).resolves.toEqual({
      ok: false,
      reason: 'refused',
    })
    await expect(client().send({ to: 'not a number', body: 'nothing' })).resolves.toEqual({
      ok: false,
      reason: 'refused',
    })
    await fetch(`${url}/admin/mode`, { method: 'POST', body: JSON.stringify({ mode: 'down' }), headers: admin })
    await expect(client().send({ to: '07700 900123', body: 'while down' })).resolves.toEqual({
      ok: false,
      reason: 'unavailable',
    })
    expect(await sent('while down')).toEqual([])
  })

  it('believes no answer on the stand-in’s address that the stand-in did not prove', async () => {
    await expect(client('another-sites-key').send({ to: '07700 900123', body: 'proof' })).resolves.toEqual({
      ok: false,
      reason: 'unavailable',
    })
  })

  it('keeps its list of texts behind the stand-in key', async () => {
    expect((await fetch(`${url}/admin/sent`)).status).toBe(401)
    expect((await fetch(`${url}/admin/sent`, { headers: { authorization: 'Bearer wrong' } })).status).toBe(401)
  })
})

describe('the text-message client, against a real provider’s address', () => {
  /** A provider on this machine that records what it was sent and answers as `answer` says. */
  async function provider(answer: (response: ServerResponse) => void) {
    const seen = { authorization: '', path: '', form: new URLSearchParams() }
    const server = createServer((request, response) => {
      seen.authorization = request.headers.authorization ?? ''
      seen.path = request.url ?? ''
      const chunks: Buffer[] = []
      request.on('data', (chunk: Buffer) => chunks.push(chunk))
      request.on('end', () => {
        seen.form = new URLSearchParams(Buffer.concat(chunks).toString())
        answer(response)
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    return { url, seen, close: () => new Promise((resolve) => server.close(resolve)) }
  }
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => {}))
  afterEach(() => jest.restoreAllMocks())

  it('posts to the account’s messages with its key as HTTP Basic, the number, our sender and words', async () => {
    const twilio = await provider((response) => {
      response.writeHead(201, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ sid: 'SM0123', status: 'queued' }))
    })
    const client = smsClient({
      url: twilio.url,
      key: 'AC42:secret',
      from: 'Handback',
      timeoutMs: 2000,
      standInKey: null,
    })
    await expect(client.send({ to: '07700 900123', body: 'words' })).resolves.toEqual({ ok: true, id: 'SM0123' })
    await twilio.close()
    expect(twilio.seen.path).toBe('/2010-04-01/Accounts/AC42/Messages.json')
    expect(twilio.seen.authorization).toBe(`Basic ${Buffer.from('AC42:secret').toString('base64')}`)
    expect(Object.fromEntries(twilio.seen.form)).toEqual({ To: '+447700900123', From: 'Handback', Body: 'words' })
  })

  it('says "unknown" when no answer comes: the text may have gone, and is not sent again', async () => {
    const silent = await provider(() => {})
    const client = smsClient({
      url: silent.url,
      key: 'AC42:secret',
      from: 'Handback',
      timeoutMs: 200,
      standInKey: null,
    })
    await expect(client.send({ to: '07700 900123', body: 'words' })).resolves.toEqual({ ok: false, reason: 'unknown' })
    silent.close()
  })
})
