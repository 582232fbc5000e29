import { readFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import { registerSettings } from '@/config'
import type { EmailCopy } from '@/content/types'
import { orderMail } from '@/orders/record/mail'
import { parseAdminAction } from '@/orders/moves/admin-input'
import { devicePassed, payBlock } from '@/register/checks'
import { registerClient } from '@/register/client'
import { isDeviceId, isImei, isSerial, normaliseDeviceId } from '@/register/device-id'
import { CAUTION_DEVICES, FAILING_DEVICES } from '../../register-api/known-devices'
import { createRegisterServer } from '../../register-api/server'
import { seedWithFacts } from '../support/seed-facts'
import { seedCheckoutWords } from '../support/seed-email-loaders'

/** A valid IMEI no list names: fourteen random digits and their Luhn check digit. */
function randomImei(): string {
  const body = Array.from({ length: 14 }, () => Math.floor(Math.random() * 10)).join('')
  for (let check = 0; check < 10; check++) if (isImei(body + check)) return body + check
  throw new Error('unreachable')
}

describe('what identifies a device to the register', () => {
  it('takes an IMEI only with its Luhn check digit', () => {
    expect(isImei('490154203237518')).toBe(true)
    expect(isImei('490154203237519')).toBe(false)
    expect(isImei('49015420323751')).toBe(false)
    const listedImeis = Object.keys(FAILING_DEVICES)
      .concat(Object.keys(CAUTION_DEVICES))
      .filter((device) => /^\d+$/.test(device))
    expect(listedImeis.length).toBeGreaterThanOrEqual(3)
    for (const imei of listedImeis) expect(isImei(imei)).toBe(true)
  })

  it('takes a serial number: 8 to 14 letters and digits, at least one a letter', () => {
    expect(isSerial('DMPXK2ABCD12')).toBe(true)
    expect(isSerial('R58M12ABCDE')).toBe(true)
    expect(isSerial('49015420323751')).toBe(false)
    expect(isSerial('49015420323751X')).toBe(false)
    expect(isSerial('ABC123')).toBe(false)
    expect(isSerial('dmpxk2abcd12')).toBe(false)
    expect(isDeviceId(normaliseDeviceId(' dmpx-k2ab cd12 '))).toBe(true)
    expect(normaliseDeviceId('49 015420 323751 8')).toBe('490154203237518')
  })

  it('lets staff type either at the check, and refuses anything else', () => {
    // A checklist with no questions: the device is found in the grade chosen, at its quote.
    const items = [{ id: '1b4e28ba-2fa1-4d2b-883f-0016d3cca427', pricePence: 9500, gradeKey: 'good', checklist: [] }]
    const check = (imei: string) =>
      parseAdminAction({ action: 'check', ['imei-' + items[0]!.id]: imei }, items, ['good'])
    expect(check('dmpxk2abcd12')).toMatchObject({ ok: true, value: { items: [{ imei: 'DMPXK2ABCD12' }] } })
    expect(check('490154203237519')).toMatchObject({ ok: false, errors: [{ code: 'invalid' }] })
  })
})

describe('the register client, against the stand-in', () => {
  let server: Server
  let url: string
  const STAND_IN_KEY = 'stand-in-test-key-0123456789'
  const admin = { authorization: `Bearer ${STAND_IN_KEY}` }
  const setMode = async (body: object) => {
    const response = await fetch(`${url}/admin/mode`, { method: 'POST', body: JSON.stringify(body), headers: admin })
    expect(response.status).toBe(200)
  }

  beforeAll(async () => {
    server = createRegisterServer({ key: STAND_IN_KEY })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise((resolve) => server.close(resolve)))
  afterEach(() => setMode({ mode: 'up' }))
  // The client logs each failure's kind; here they are on purpose.
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => {}))
  afterEach(() => jest.restoreAllMocks())

  const client = (timeoutMs = 2000) => registerClient({ url, key: undefined, timeoutMs, standInKey: STAND_IN_KEY })

  it('passes any other valid IMEI or serial, with a certificate and the time it answered', async () => {
    const before = Date.now()
    const answer = await client().check(randomImei())
    expect(answer).toEqual({
      ok: true,
      result: 'pass',
      certificateId: expect.stringMatching(/^SR\d{10}$/),
      checkedAt: expect.any(Date),
    })
    expect((answer as { checkedAt: Date }).checkedAt.getTime()).toBeGreaterThanOrEqual(before)
    await expect(client().check('DMPXK2ABCD12')).resolves.toMatchObject({ ok: true, result: 'pass' })
  })

  it('fails the documented stolen devices and cautions the others', async () => {
    for (const device of Object.keys(FAILING_DEVICES)) {
      await expect(client().check(device)).resolves.toMatchObject({ ok: true, result: 'fail' })
    }
    for (const device of Object.keys(CAUTION_DEVICES)) {
      await expect(client().check(device)).resolves.toMatchObject({ ok: true, result: 'caution' })
    }
  })

  it('is unavailable when the register is down, slow past the timeout, or cannot prove it is ours', async () => {
    await setMode({ mode: 'down' })
    await expect(client().check(randomImei())).resolves.toEqual({ ok: false, reason: 'unavailable' })
    await setMode({ mode: 'slow', delayMs: 1000 })
    const started = Date.now()
    await expect(client(200).check(randomImei())).resolves.toEqual({ ok: false, reason: 'unavailable' })
    expect(Date.now() - started).toBeLessThan(900)
    await setMode({ mode: 'up' })
    await expect(
      registerClient({ url, key: undefined, timeoutMs: 2000, standInKey: 'another-sites-key' }).check(randomImei()),
    ).resolves.toEqual({
      ok: false,
      reason: 'unavailable',
    })
    await expect(
      registerClient({ url: 'http://127.0.0.1:9', key: undefined, timeoutMs: 500, standInKey: STAND_IN_KEY }).check(
        randomImei(),
      ),
    ).resolves.toEqual({
      ok: false,
      reason: 'unavailable',
    })
  })

  it('takes the switch for some devices only, leaving the rest answered', async () => {
    const [down, up] = [randomImei(), randomImei()]
    await setMode({ mode: 'down', devices: [down] })
    await expect(client().check(down)).resolves.toEqual({ ok: false, reason: 'unavailable' })
    await expect(client().check(up)).resolves.toMatchObject({ ok: true, result: 'pass' })
    expect(await (await fetch(`${url}/admin/asked/${down}`, { headers: admin })).json()).toEqual({ asked: 1 })
  })

  it('takes its switches only with its key: a stranger on this machine cannot make the register slow or down', async () => {
    const attempts: Array<Record<string, string>> = [
      {},
      { authorization: 'Bearer wrong' },
      { authorization: STAND_IN_KEY },
    ]
    for (const headers of attempts) {
      const posted = await fetch(`${url}/admin/mode`, {
        method: 'POST',
        body: JSON.stringify({ mode: 'down' }),
        headers,
      })
      expect(posted.status).toBe(401)
      expect((await fetch(`${url}/admin/mode`, { headers })).status).toBe(401)
      expect((await fetch(`${url}/admin/asked/${randomImei()}`, { headers })).status).toBe(401)
    }
    await expect(client().check(randomImei())).resolves.toMatchObject({ ok: true, result: 'pass' })
  })

  it('sends nothing but an IMEI or a serial', async () => {
    await expect(client().check('../admin/mode')).rejects.toThrow(/IMEI or a serial/)
  })
})

describe('what else listens on the stand-in’s port', () => {
  // Another program on this machine (or another site's stand-in) took the port first and passes
  // every device: the site must not take its word for a pass.
  let impostor: Server
  let impostorUrl: string
  const seen: IncomingHttpHeaders[] = []
  beforeAll(async () => {
    impostor = createServer((request, response) => {
      seen.push(request.headers)
      response.writeHead(200, {
        'content-type': 'application/json',
        // A proof made with a key of its own: not the site's.
        'x-stand-in-proof': 'a'.repeat(64),
      })
      response.end(JSON.stringify({ certid: 'SR0000000001', result: 'green' }))
    })
    await new Promise<void>((resolve) => impostor.listen(0, '127.0.0.1', resolve))
    impostorUrl = `http://127.0.0.1:${(impostor.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise((resolve) => impostor.close(resolve)))
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => {}))
  afterEach(() => jest.restoreAllMocks())

  it('is not believed: a pass from it leaves the check waiting, and it learns no key', async () => {
    const client = registerClient({
      url: impostorUrl,
      key: undefined,
      timeoutMs: 2000,
      standInKey: 'the-sites-own-stand-in-key-42',
    })
    await expect(client.check(randomImei())).resolves.toEqual({ ok: false, reason: 'unavailable' })
    expect(seen.length).toBeGreaterThan(0)
    for (const headers of seen) expect(JSON.stringify(headers)).not.toContain('the-sites-own-stand-in-key-42')
  })

  it('is not believed either when the settings come from the environment: the stand-in must prove itself', async () => {
    const settings = registerSettings({ REGISTER_URL: impostorUrl, STAND_IN_KEY: 'the-sites-own-stand-in-key-42' })
    await expect(registerClient(settings).check(randomImei())).resolves.toEqual({ ok: false, reason: 'unavailable' })
  })
})

describe('the stand-in itself', () => {
  it('listens on this machine only', async () => {
    const { spawn } = await import('node:child_process')
    const { networkInterfaces } = await import('node:os')
    const port = 4000 + Math.floor(Math.random() * 900)
    const child = spawn(process.execPath, ['--import', 'tsx', 'register-api/main.ts', '--port', String(port)], {
      env: { ...process.env, STAND_IN_KEY: 'listen-test-key-0123456789' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('Register stand-in on') && resolve())
        child.on('exit', (code) => reject(new Error(`exited ${code}`)))
      })
      expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200)
      const outside = Object.values(networkInterfaces())
        .flat()
        .find((address) => address && !address.internal && address.family === 'IPv4')
      // The machine's own non-loopback address (CI's has one: it reaches the npm registry).
      expect(outside).toBeDefined()
      await expect(fetch(`http://${outside!.address}:${port}/health`)).rejects.toThrow()
    } finally {
      child.kill('SIGTERM')
    }
  }, 30_000)
})

describe('where the register is, from the environment', () => {
  const key = { STAND_IN_KEY: 'k-stand-in' }
  it('is the local stand-in by default, and REGISTER_URL otherwise', () => {
    expect(registerSettings({ ...key })).toEqual({
      url: 'http://127.0.0.1:3990',
      key: undefined,
      timeoutMs: 5000,
      standInKey: 'k-stand-in',
    })
    expect(registerSettings({ ...key, REGISTER_STANDIN_PORT: '4300' }).url).toBe('http://127.0.0.1:4300')
    expect(
      registerSettings({
        REGISTER_URL: 'https://register.example.com/api/',
        REGISTER_API_KEY: ' k ',
        REGISTER_TIMEOUT_MS: '800',
      }),
    ).toEqual({ url: 'https://register.example.com/api', key: 'k', timeoutMs: 800, standInKey: null })
    expect(() => registerSettings({ REGISTER_URL: 'not a url' })).toThrow(/REGISTER_URL/)
    expect(() => registerSettings({ ...key, REGISTER_TIMEOUT_MS: '5s' })).toThrow(/REGISTER_TIMEOUT_MS/)
  })

  it('refuses the real register at a plain http address, wherever it is', () => {
    for (const address of ['http://register.example.com/api', 'http://192.0.2.10:8443', 'ftp://register.example.com']) {
      expect(() => registerSettings({ REGISTER_URL: address, REGISTER_API_KEY: 'k' })).toThrow(/REGISTER_URL.*https/)
    }
  })

  it('refuses the stand-in whenever the site is not on this machine, unless allowed by name', () => {
    for (const site of ['https://www.handback.example', 'http://www.handback.example', 'http://192.0.2.10:3000']) {
      expect(() => registerSettings({ ...key, SITE_URL: site })).toThrow(/ALLOW_STAND_INS/)
      expect(() => registerSettings({ ...key, SITE_URL: site, REGISTER_URL: 'http://127.0.0.1:4300' })).toThrow(
        /ALLOW_STAND_INS/,
      )
      expect(() => registerSettings({ ...key, SITE_URL: site, ALLOW_STAND_INS: 'payments' })).toThrow(/ALLOW_STAND_INS/)
      expect(registerSettings({ ...key, SITE_URL: site, ALLOW_STAND_INS: 'payments, register' }).standInKey).toBe(
        'k-stand-in',
      )
    }
    for (const site of ['http://localhost:3000', 'http://127.0.0.1:8080', 'http://[::1]:3000']) {
      expect(registerSettings({ ...key, SITE_URL: site }).url).toBe('http://127.0.0.1:3990')
    }
  })

  it('takes a loopback http address as a stand-in, which must prove itself with the key shared at start', () => {
    expect(registerSettings({ ...key, REGISTER_URL: 'http://127.0.0.1:4300' })).toMatchObject({
      url: 'http://127.0.0.1:4300',
      standInKey: 'k-stand-in',
    })
    expect(() => registerSettings({ REGISTER_URL: 'http://127.0.0.1:4300' })).toThrow(/STAND_IN_KEY/)
    // The business's key for the real register is never sent to a stand-in.
    expect(registerSettings({ ...key, REGISTER_API_KEY: 'real-key' }).key).toBeUndefined()
  })
})

describe('paying', () => {
  const now = new Date('2026-11-26T12:00:00Z')
  const unchecked = { registerCertificate: null, cautionClearedAt: null, cautionClearedCertificate: null }
  const pass = {
    ...unchecked,
    registerResult: 'pass',
    registerCertificate: 'SR0000000001',
    registerCheckedAt: new Date('2026-11-26T11:00:00Z'),
  }
  const caution = { ...pass, registerResult: 'caution', registerCertificate: 'SR0000000002' }
  const cleared = {
    ...caution,
    cautionClearedAt: new Date('2026-11-26T11:30:00Z'),
    cautionClearedCertificate: 'SR0000000002',
  }
  it('needs every device passed before the payment', () => {
    expect(payBlock([pass, pass], now)).toBeNull()
    expect(payBlock([pass, caution], now)).toBe('registerNotPassed')
    expect(payBlock([pass, { ...pass, registerResult: 'fail' }], now)).toBe('registerNotPassed')
    expect(payBlock([pass, { ...unchecked, registerResult: null, registerCheckedAt: null }], now)).toBe(
      'registerNotPassed',
    )
    expect(payBlock([{ ...pass, registerCheckedAt: new Date('2026-11-26T12:00:01Z') }], now)).toBe('registerNotPassed')
    expect(payBlock([], now)).toBe('registerNotPassed')
  })
  it('counts a caution a manager cleared as passed, for the certificate cleared only', () => {
    expect(payBlock([pass, cleared], now)).toBeNull()
    expect(devicePassed(cleared, now)).toBe(true)
    // The register answered again since, with another record: that one is not cleared.
    expect(payBlock([pass, { ...cleared, registerCertificate: 'SR0000000003' }], now)).toBe('registerNotPassed')
    // Cleared after the payment's moment, or a clearing left on a device that now fails.
    expect(payBlock([pass, { ...cleared, cautionClearedAt: new Date('2026-11-26T12:00:01Z') }], now)).toBe(
      'registerNotPassed',
    )
    expect(payBlock([pass, { ...cleared, registerResult: 'fail' }], now)).toBe('registerNotPassed')
  })
  it('is refused while the register has not answered', () => {
    expect(payBlock([pass, { ...unchecked, registerResult: 'waiting', registerCheckedAt: null }], now)).toBe(
      'registerDown',
    )
  })
})

describe('the e-mails that say what the register found', () => {
  process.env.BETTER_AUTH_SECRET ??= 'register-mail-test-secret-0123456789abcdef'
  const context = {
    copy: seedWithFacts('emailCopy') as EmailCopy,
    origin: 'https://shop.example',
    reviewUrl: 'https://reviews.example/handback',
    checkout: seedCheckoutWords(),
  }
  const order = {
    reference: 'HB-2345-6789',
    name: 'Sam Seller',
    email: 'sam@example.com',
    totalPence: 20_000,
    holdUntil: new Date('2026-12-01T00:00:00Z'),
    offerDeadline: null,
    payoutLast4: '5678',
    payoutMethod: 'bank',
    returnTracking: null,
    postagePack: false,
  }
  const device = (name: string, registerResult: string | null, registerCertificate: string | null = null) => ({
    device: name,
    pricePence: 10_000,
    revisedPricePence: null,
    revisedReason: null,
    registerResult,
    registerCertificate,
  })

  it('lists every device when they are checked, a caution in the seller’s words', () => {
    const [mail] = orderMail(
      'checked',
      { ...order, items: [device('Phone A', 'pass', 'SR0000000001'), device('Tablet B', 'caution', 'SR0000000002')] },
      context,
    )
    expect(mail!.subject).toBe('We have checked your devices for order HB-2345-6789')
    expect(mail!.text).toContain('Phone A: no record of loss or theft (certificate SR0000000001)')
    expect(mail!.text).toContain(
      'Tablet B: a record that needs a closer look, such as a finance agreement (certificate SR0000000002)',
    )
  })

  it('lists only the flagged devices when the order is put on hold, and a device never asked by its name alone', () => {
    const [held] = orderMail(
      'quarantined',
      { ...order, items: [device('Phone A', 'pass', 'SR0000000001'), device('Tablet B', 'fail', 'SR0000000002')] },
      context,
    )
    expect(held!.text).toContain('Tablet B: reported lost or stolen (certificate SR0000000002)')
    expect(held!.text).not.toContain('Phone A')
    const [byHand] = orderMail('quarantined', { ...order, items: [device('Phone A', null)] }, context)
    expect(byHand!.text).toMatch(/holds a record against:\nPhone A\n/)
  })
})

describe('the stand-in’s documented devices', () => {
  it('are the ones docs/operators.md lists, with what each answers', () => {
    const docs = readFileSync('docs/operators.md', 'utf8')
    for (const device of Object.keys(FAILING_DEVICES)) expect(docs).toMatch(new RegExp(`\`${device}\` +\\| fail`))
    for (const device of Object.keys(CAUTION_DEVICES)) expect(docs).toMatch(new RegExp(`\`${device}\` +\\| caution`))
  })
})
