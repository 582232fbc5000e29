import { listReturn } from '@/orders/claims/claim-input'
import { QUEUE_VIEWS, parseView } from '@/orders/queue/order-search'

/**
 * Where a claim form posted from the staff list goes back to: only the list's own address, so a
 * forged `back` field cannot send staff to another site or page.
 */
describe('listReturn', () => {
  it('keeps the staff list with its filters', () => {
    expect(listReturn('/admin/orders')).toBe('/admin/orders')
    expect(listReturn('/admin/orders?view=mine&sort=newest&q=Jo+Bloggs')).toBe(
      '/admin/orders?view=mine&sort=newest&q=Jo+Bloggs',
    )
    expect(listReturn('/admin/orders?page=abc_-.%2F~*')).toBe('/admin/orders?page=abc_-.%2F~*')
  })

  it('refuses anywhere else', () => {
    for (const back of [
      undefined,
      '',
      'https://evil.example/admin/orders',
      '//evil.example/admin/orders',
      '/admin/orders/../payments',
      '/admin/ordersX',
      '/admin/orders?x=1#frag',
      '/admin/orders?next=/\\evil.example',
      '/admin/orders\n/evil',
      '/admin/payments',
    ])
      expect(listReturn(back)).toBeNull()
  })
})

describe('parseView', () => {
  it('answers a known view, and every other value as all orders', () => {
    for (const view of QUEUE_VIEWS) expect(parseView(view)).toBe(view)
    expect(parseView(undefined)).toBe('all')
    expect(parseView('everyone')).toBe('all')
  })
})
