import { londonTime, parseStockForm } from '@/stock/stock-input'

const DEVICE = '3f1c2b9e-5d7a-4c1e-9b2a-1d2e3f4a5b6c'

describe('a stock form, read', () => {
  it('a sale needs its buyer and a price in pounds, and keeps the price in pence', () => {
    expect(parseStockForm({ device: DEVICE, action: 'sell', seen: 'listed', buyer: ' ', price: 'ten' })).toEqual({
      ok: false,
      errors: [
        { field: 'buyer', code: 'buyerMissing' },
        { field: 'price', code: 'priceMissing' },
      ],
    })
    expect(
      parseStockForm({ device: DEVICE, action: 'sell', seen: 'listed', buyer: 'Resale Ltd', price: '£239.50' }),
    ).toEqual({
      ok: true,
      value: expect.objectContaining({
        action: 'sell',
        counterparty: 'Resale Ltd',
        pricePence: 23_950,
        seen: 'listed',
      }),
    })
  })

  it('a recycling needs the facility and its waste transfer note; a shelving its location', () => {
    expect(parseStockForm({ device: DEVICE, action: 'recycle', seen: 'in-stock', facility: 'North Ltd' })).toEqual({
      ok: false,
      errors: [{ field: 'wasteNote', code: 'wasteNoteMissing' }],
    })
    // Too long is said as too long, never as missing; an optional note too long is refused, not dropped.
    expect(parseStockForm({ device: DEVICE, action: 'locate', seen: 'in-stock', location: 'x'.repeat(201) })).toEqual({
      ok: false,
      errors: [{ field: 'location', code: 'factTooLong' }],
    })
    expect(
      parseStockForm({ device: DEVICE, action: 'locate', seen: 'in-stock', location: 'A1', note: 'x'.repeat(201) }),
    ).toEqual({ ok: false, errors: [{ field: 'note', code: 'factTooLong' }] })
    expect(
      parseStockForm({ device: DEVICE, action: 'locate', seen: 'in-stock', location: 'x'.repeat(200) }),
    ).toMatchObject({ ok: true, value: { location: 'x'.repeat(200) } })
  })

  it('an erasure fact too long is named as too long, beside the ones left out', () => {
    expect(parseStockForm({ device: DEVICE, action: 'erasure', tool: 'x'.repeat(201) })).toMatchObject({
      ok: false,
      errors: expect.arrayContaining([
        { field: 'tool', code: 'factTooLong' },
        { field: 'toolVersion', code: 'factMissing' },
      ]),
    })
    const result = parseStockForm({ device: DEVICE, action: 'erasure', tool: 'x'.repeat(201) })
    expect(!result.ok && result.errors.filter((problem) => problem.field === 'tool')).toHaveLength(1)
  })

  it('refuses a device id that is not one, a move it does not know, or a state it does not know', () => {
    expect(parseStockForm({ device: "1' or '1'='1", action: 'list', seen: 'in-stock' })).toMatchObject({ ok: false })
    expect(parseStockForm({ device: DEVICE, action: 'steal', seen: 'in-stock' })).toMatchObject({ ok: false })
    expect(parseStockForm({ device: DEVICE, action: 'list', seen: 'gone' })).toMatchObject({ ok: false })
  })

  it('an erasure typed by hand names every fact left out, and reads the time as UK time', () => {
    const parsed = parseStockForm({ device: DEVICE, action: 'erasure', tool: 'WipeSure', level: 'wipe' })
    expect(parsed.ok ? [] : parsed.errors.map((error) => error.field)).toEqual([
      'toolVersion',
      'reportId',
      'operator',
      'erasedAt',
      'mediaType',
      'level',
      'technique',
      'verification',
      'result',
    ])
    const full = parseStockForm({
      device: DEVICE,
      action: 'erasure',
      tool: 'WipeSure',
      toolVersion: '5.2.1',
      reportId: 'R-1',
      operator: 'Robin',
      erasedAt: '2026-07-01T10:09',
      mediaType: 'Flash, 128 GB',
      level: 'purge',
      technique: 'Cryptographic erase',
      verification: 'Full',
      result: 'passed',
    })
    expect(full.ok && full.value.kind === 'erasure' ? full.value.facts.erasedAt.toISOString() : null).toBe(
      '2026-07-01T09:09:00.000Z',
    )
  })

  it('UK time: GMT in winter, BST in summer, and no date that does not exist', () => {
    expect(londonTime('2026-01-15T10:00')?.toISOString()).toBe('2026-01-15T10:00:00.000Z')
    expect(londonTime('2026-07-15T10:00')?.toISOString()).toBe('2026-07-15T09:00:00.000Z')
    expect(londonTime('2026-02-30T10:00')).toBeNull()
    expect(londonTime('yesterday')).toBeNull()
  })
})
