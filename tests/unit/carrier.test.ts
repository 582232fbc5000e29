import type { AddressInfo } from 'node:net'
import type { Server } from 'node:http'
import { carrierClient } from '@/carrier/client'
import { isTrackingNumber, normaliseTrackingNumber, s10CheckDigit } from '@/carrier/tracking-number'
import { carrierSettings, parcelFollowMs } from '@/config'
import { createCarrierServer, INSURED_UP_TO_PENCE } from '../../carrier-api/server'

describe('a tracked number', () => {
  it('has the UPU S10 check digit, as Royal Mail prints it', () => {
    // The S10 standard's own example.
    expect(s10CheckDigit('47312482')).toBe(9)
    expect(isTrackingNumber('RR473124829GB')).toBe(true)
    expect(isTrackingNumber('RR473124828GB')).toBe(false)
    expect(isTrackingNumber('RR47312482GB')).toBe(false)
    expect(isTrackingNumber('RR473124829FR')).toBe(false)
    expect(normaliseTrackingNumber(' rr 4731 2482 9gb ')).toBe('RR473124829GB')
  })
})

describe('the carrier settings', () => {
  it('refuses the stand-in for a site not on this machine, and a real carrier without its key', () => {
    expect(() => carrierSettings({ SITE_URL: 'https://www.example.co.uk', STAND_IN_KEY: 'k' })).toThrow(/CARRIER_URL/)
    expect(() => carrierSettings({ CARRIER_URL: 'https://api.carrier.example.com' })).toThrow(/CARRIER_API_KEY/)
    expect(() => carrierSettings({ CARRIER_URL: 'http://carrier.example.com' })).toThrow(/https/)
    expect(carrierSettings({ STAND_IN_KEY: 'k' })).toMatchObject({ url: 'http://127.0.0.1:3993', standInKey: 'k' })
  })

  it('asks after a parcel every quarter of an hour unless told otherwise, and refuses a time that is not one', () => {
    expect(parcelFollowMs({})).toBe(900_000)
    expect(parcelFollowMs({ CARRIER_FOLLOW_SECONDS: '0' })).toBe(0)
    expect(() => parcelFollowMs({ CARRIER_FOLLOW_SECONDS: 'soon' })).toThrow(/CARRIER_FOLLOW_SECONDS/)
  })
})

describe('the carrier client, against the stand-in', () => {
  let server: Server
  let url: string
  const STAND_IN_KEY = 'carrier-stand-in-test-key-0123'
  const admin = { authorization: `Bearer ${STAND_IN_KEY}` }
  const post = (path: string, body: object) =>
    fetch(`${url}${path}`, { method: 'POST', body: JSON.stringify(body), headers: admin })

  beforeAll(async () => {
    server = createCarrierServer({ key: STAND_IN_KEY })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise((resolve) => server.close(resolve)))
  // The client logs each failure's kind; here they are on purpose.
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => {}))
  afterEach(async () => {
    jest.restoreAllMocks()
    await post('/admin/mode', { mode: 'up' })
  })

  const client = () => carrierClient({ url, key: undefined, timeoutMs: 2000, standInKey: STAND_IN_KEY })
  const sender = {
    name: 'Jo Seller',
    addressLine1: '1 Mill Lane',
    addressLine2: null,
    town: 'Leeds',
    postcode: 'LS1 4AB',
  }
  let asks = 0
  const label = async (reference: string, declaredValuePence = 45_000, key = `ask-${(asks += 1)}`) => {
    const made = await client().createReturnLabel({ reference, sender, declaredValuePence }, key)
    if (!made.ok) throw new Error('no label')
    return made.label
  }

  it('makes a tracked returns label: its number, the insurance up to £1,000, and the PDF', async () => {
    const made = await label('HB-7K4M-Q2XP')
    expect(isTrackingNumber(made.trackingNumber)).toBe(true)
    expect(made.insuredPence).toBe(45_000)
    expect(Buffer.from(made.pdf).subarray(0, 5).toString('latin1')).toBe('%PDF-')
    expect((await label('HB-7K4M-Q2XP', 150_000)).insuredPence).toBe(INSURED_UP_TO_PENCE)
  })

  it('reads a parcel’s events oldest first, and says when a number is not the carrier’s', async () => {
    const { trackingNumber } = await label('HB-EVNT-0001')
    await expect(client().events(trackingNumber)).resolves.toEqual({ ok: true, events: [], expectedOn: null })
    await post(`/admin/events/${trackingNumber}`, { code: 'EVNMC', at: '2026-11-30T18:00:00Z' })
    await post(`/admin/events/${trackingNumber}`, { code: 'EVPPA', at: '2026-11-30T11:00:00Z' })
    const read = await client().events(trackingNumber)
    expect(read).toEqual({
      ok: true,
      // Two days after it was handed in, as the stand-in estimates.
      expectedOn: '2026-12-02',
      events: [
        {
          code: 'EVPPA',
          name: 'Item accepted at the Post Office',
          at: new Date('2026-11-30T11:00:00Z'),
          location: 'Post Office',
        },
        {
          code: 'EVNMC',
          name: 'Item received at Royal Mail mail centre',
          at: new Date('2026-11-30T18:00:00Z'),
          location: 'Mail centre',
        },
      ],
    })
    await expect(client().events('RR473124829GB')).resolves.toEqual({ ok: false, reason: 'unknown' })
  })

  it('gives the same label again, and none once it is cancelled', async () => {
    const made = await label('HB-PRNT-0001')
    const again = await client().labelPdf(made.trackingNumber)
    expect(again.ok && Buffer.from(again.pdf).equals(Buffer.from(made.pdf))).toBe(true)
    await client().cancelLabel(made.trackingNumber)
    await expect(client().labelPdf(made.trackingNumber)).resolves.toEqual({ ok: false, reason: 'unknown' })
  })

  it('cancels a label never posted, and not one in the post', async () => {
    const unposted = await label('HB-CNCL-0001')
    await expect(client().cancelLabel(unposted.trackingNumber)).resolves.toEqual({ ok: true })
    const posted = await label('HB-CNCL-0002')
    await post(`/admin/events/${posted.trackingNumber}`, { code: 'EVPPA' })
    await expect(client().cancelLabel(posted.trackingNumber)).resolves.toEqual({ ok: false, reason: 'posted' })
    await expect(client().cancelLabel('RR473124829GB')).resolves.toEqual({ ok: false, reason: 'unknown' })
  })

  it('answers a request asked again with the same key with the same label, and only for the same order', async () => {
    const first = await label('HB-AGAIN-0001', 45_000, 'order-1.0')
    const again = await label('HB-AGAIN-0001', 45_000, 'order-1.0')
    expect(again.trackingNumber).toBe(first.trackingNumber)
    expect((await label('HB-AGAIN-0001', 45_000, 'order-1.1')).trackingNumber).not.toBe(first.trackingNumber)
    const parcels = await fetch(`${url}/admin/parcels?reference=HB-AGAIN-0001`, {
      headers: { authorization: `Bearer ${STAND_IN_KEY}` },
    }).then((response) => response.json() as Promise<{ parcels: unknown[] }>)
    expect(parcels.parcels).toHaveLength(2)
    // Another order's request under a key already used is refused, not answered with this label.
    await expect(
      client().createReturnLabel({ reference: 'HB-AGAIN-0002', sender, declaredValuePence: 100 }, 'order-1.0'),
    ).resolves.toEqual({ ok: false, reason: 'unavailable' })
  })

  it('is unavailable when the carrier is down for that order, and only for it', async () => {
    await post('/admin/mode', { mode: 'down', keys: ['HB-DOWN-0001'] })
    await expect(
      client().createReturnLabel({ reference: 'HB-DOWN-0001', sender, declaredValuePence: 100 }, 'down-1'),
    ).resolves.toEqual({ ok: false, reason: 'unavailable' })
    await expect(label('HB-DOWN-0002')).resolves.toMatchObject({ insuredPence: 45_000 })
    await post('/admin/mode', { mode: 'up', keys: ['HB-DOWN-0001'] })
    await expect(label('HB-DOWN-0001')).resolves.toMatchObject({ insuredPence: 45_000 })
  })

  it('believes no answer on the stand-in’s address that the stand-in did not prove', async () => {
    const other = carrierClient({ url, key: undefined, timeoutMs: 2000, standInKey: 'another-sites-key' })
    await expect(
      other.createReturnLabel({ reference: 'HB-PROOF-001', sender, declaredValuePence: 100 }, 'proof-1'),
    ).resolves.toEqual({
      ok: false,
      reason: 'unavailable',
    })
  })

  it('keeps its switch behind the stand-in key', async () => {
    const refused = await fetch(`${url}/admin/mode`, { method: 'POST', body: JSON.stringify({ mode: 'down' }) })
    expect(refused.status).toBe(401)
    await expect(label('HB-SWCH-0001')).resolves.toMatchObject({ insuredPence: 45_000 })
  })
})
