import type { OrderCopy } from '@/content/types'
import { invoiceContent, type InvoiceOrder } from '@/orders/invoice/invoice-content'
import { seedWithFacts } from '../support/seed-facts'

// A paid order's purchase invoice, in the seed's words: what was bought and paid, and by whom.
const words = (seedWithFacts('orderCopy') as OrderCopy).invoice
const us = { productName: 'Handback', postalAddress: 'Handback, Unit 4, Canal Street, Manchester, M1 3HE' }
const order: InvoiceOrder = {
  reference: 'HB-AB2C-D3EF',
  status: 'paid',
  name: 'Jo Seller',
  addressLine1: '12 Mill Lane',
  addressLine2: '',
  town: 'Leeds',
  postcode: 'LS1 4AP',
  items: [
    {
      device: 'Apple iPhone 13 128GB',
      imei: '356938035643809',
      pricePence: 24_000,
      revisedPricePence: 21_050,
      offerAnswer: 'accept',
    },
    { device: 'Apple iPad Air 64GB', imei: null, pricePence: 15_000, revisedPricePence: null, offerAnswer: null },
    {
      device: 'Samsung Galaxy S21 128GB',
      imei: '354455091234561',
      pricePence: 9_000,
      revisedPricePence: 5_000,
      offerAnswer: 'decline',
    },
  ],
  events: [
    { fromStatus: 'placed', toStatus: 'received', at: new Date('2026-11-20T09:00:00Z') },
    { fromStatus: 'accepted', toStatus: 'paid', at: new Date('2026-11-23T15:00:00Z') },
  ],
}

describe('a purchase invoice', () => {
  it('lists each device bought at the price paid, with the total, the day paid, the seller and us', () => {
    const content = invoiceContent(order, words, us)!
    expect(content.title).toBe('Purchase invoice HB-AB2C-D3EF')
    expect(content.facts).toEqual([
      ['Invoice number', 'HB-AB2C-D3EF'],
      ['Date paid', expect.stringMatching(/^Monday,? 23 November 2026$/)],
    ])
    expect(content.seller.lines).toEqual(['Jo Seller', '12 Mill Lane', 'Leeds', 'LS1 4AP'])
    expect(content.buyer.lines[0]).toBe('Handback')
    // The declined device was posted back, not bought.
    expect(content.rows).toEqual([
      ['Apple iPhone 13 128GB', '356938035643809', '£210.50'],
      ['Apple iPad Air 64GB', 'Not recorded', '£150.00'],
    ])
    expect(content.total).toEqual(['Total paid', '£360.50'])
  })

  it('is not made for an order not paid; a seller retention removed is said so', () => {
    expect(invoiceContent({ ...order, status: 'accepted' }, words, us)).toBeNull()
    const removed = invoiceContent({ ...order, name: null, addressLine1: null, town: null, postcode: null }, words, us)!
    expect(removed.seller.lines).toEqual(['Removed after the retention period'])
  })
})
