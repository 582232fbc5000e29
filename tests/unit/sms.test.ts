import { createHmac } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { smsSettings } from '@/config'
import { smsClient } from '@/sms/client'
import { createSmsServer } from '../../sms-api/server'

describe('the text-message settings', () => {
  it('refuses the stand-in for a site not on this machine, and a real provider without its key and template', () => {
    expect(() => smsSettings({ SITE_URL: 'https://www.example.co.uk', STAND_IN_KEY: 'k' })).toThrow(/SMS_URL/)
    expect(() => smsSettings({ SMS_URL: 'https://api.notifications.service.gov.uk' })).toThrow(/SMS_API_KEY/)
    expect(() => smsSettings({ SMS_URL: 'http://sms.example.com' })).toThrow(/https/)
    expect(smsSettings({ STAND_IN_KEY: 'k' })).toMatchObject({ url: 'http://127.0.0.1:3994', standInKey: 'k' })
    expect(smsSettings({ STAND_IN_KEY: 'k', SMS_STANDIN_PORT: '4504' }).url).toBe('http://127.0.0.1:4504')
    expect(
      smsSettings({ SITE_URL: 'https://www.example.co.uk', STAND_IN_KEY: 'k', ALLOW_STAND_INS: 'sms' }).standInKey,
    ).toBe('k')
  })
})

describe('the text-message client, against the stand-in', () => {
  let server: Server
  let url: string
  const STAND_IN_KEY = 'sms-stand-in-test-key-0123456789'
  const admin = { authorization: `Bearer ${STAND_IN_KEY}` }
  const sent = async (reference: string) =>
    (
      (await (await fetch(`${url}/admin/sent?reference=${reference}`, { headers: admin })).json()) as {
        texts: { to: string; body: string; reference: string }[]
      }
    ).texts

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
    smsClient({ url, key: undefined, templateId: undefined, timeoutMs: 2000, standInKey })

  it('sends a text once for its reference, however often it is asked to', async () => {
    const text = { to: '07700 900123', body: 'Your parcel for HB-ABCD-EFGH has not moved.', reference: 'ref-once-1' }
    const first = await client().send(text)
    expect(first).toEqual({ ok: true, id: expect.any(String) })
    // A crash after sending, before marking it sent: the job sends it again with the same reference.
    await expect(client().send(text)).resolves.toEqual(first)
    expect(await sent('ref-once-1')).toEqual([expect.objectContaining(text)])
  })

  it('is refused a number that is not a UK mobile, and unavailable while the provider is down', async () => {
    await expect(client().send({ to: '020 7946 0123', body: 'x', reference: 'ref-landline' })).resolves.toEqual({
      ok: false,
      reason: 'refused',
    })
    await fetch(`${url}/admin/mode`, { method: 'POST', body: JSON.stringify({ mode: 'down' }), headers: admin })
    await expect(client().send({ to: '07700 900123', body: 'x', reference: 'ref-down' })).resolves.toEqual({
      ok: false,
      reason: 'unavailable',
    })
    expect(await sent('ref-down')).toEqual([])
  })

  it('believes no answer on the stand-in’s address that the stand-in did not prove', async () => {
    await expect(
      client('another-sites-key').send({ to: '07700 900123', body: 'x', reference: 'ref-proof' }),
    ).resolves.toEqual({
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
  it('signs GOV.UK Notify’s token with the key’s secret, for the key’s service', async () => {
    const serviceId = '26785a09-ab16-4eb0-8407-a37497a57506'
    const secret = '3d844edf-8d35-48ac-975b-e847b4f122b0'
    let authorization = ''
    let body: Record<string, unknown> = {}
    const provider = createServer((request, response) => {
      authorization = request.headers.authorization ?? ''
      const chunks: Buffer[] = []
      request.on('data', (chunk: Buffer) => chunks.push(chunk))
      request.on('end', () => {
        body = JSON.parse(Buffer.concat(chunks).toString()) as Record<string, unknown>
        response.writeHead(201, { 'content-type': 'application/json' })
        response.end(JSON.stringify({ id: 'n-1' }))
      })
    })
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve))
    const address = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`
    const client = smsClient({
      url: address,
      key: `handback_live-${serviceId}-${secret}`,
      templateId: 'template-1',
      timeoutMs: 2000,
      standInKey: null,
    })
    await expect(client.send({ to: '07700 900123', body: 'words', reference: 'r-1' })).resolves.toEqual({
      ok: true,
      id: 'n-1',
    })
    await new Promise((resolve) => provider.close(resolve))
    const [header, claims, signature] = authorization.replace(/^Bearer /, '').split('.')
    expect(JSON.parse(Buffer.from(claims!, 'base64url').toString())).toMatchObject({ iss: serviceId })
    expect(signature).toBe(createHmac('sha256', secret).update(`${header}.${claims}`).digest('base64url'))
    expect(body).toEqual({
      phone_number: '07700 900123',
      template_id: 'template-1',
      personalisation: { body: 'words' },
      reference: 'r-1',
    })
  })
})
