import { randomUUID } from 'node:crypto'
import type { NewOrder } from '@/orders/record/store'

/** An order as checkout would place it, with a fake seal and one confirmation e-mail. */
export function sampleOrder(overrides: Partial<NewOrder> = {}): NewOrder {
  return {
    idempotencyKey: randomUUID(),
    requestHash: 'hash',
    userId: null,
    contact: {
      name: 'Sam Seller',
      email: `sam.${randomUUID().slice(0, 8)}@example.com`,
      phone: '07700 900123',
      addressLine1: '1 High Street',
      addressLine2: '',
      town: 'Leeds',
      postcode: 'LS1 1AA',
    },
    sealPayout: (reference) => `sealed-for-${reference}`,
    payoutMatch: `key.match-${randomUUID()}`,
    payoutLast4: '5678',
    marketingConsent: false,
    postagePack: false,
    termsRevision: 'seed',
    declarations: ['declareAge', 'declareOwner', 'declareWiped', 'declareTerms'],
    holdUntil: new Date(Date.now() + 14 * 24 * 3600 * 1000),
    items: [
      {
        modelId: 'model-iphone-13',
        device: 'Apple iPhone 13 128GB',
        variantKey: '128gb',
        gradeKey: 'good',
        gradeName: 'Good',
        answers: { power: 'yes' },
        pricePence: 16_000,
        catalogueRevision: 'seed',
      },
    ],
    basket: null,
    emails: ({ reference }) => [
      {
        kind: 'orderConfirmation',
        to: 'seller@example.com',
        subject: `Order ${reference}`,
        text: `Your order ${reference}`,
        html: `<p>Your order ${reference}</p>`,
      },
    ],
    ...overrides,
  }
}

/** A second device for an order: a tablet priced at £100 in the seed's catalogue revision. */
export const SAMPLE_TABLET = {
  modelId: 'model-ipad-9',
  device: 'Apple iPad 9th generation 64GB',
  variantKey: '64gb',
  gradeKey: 'fair',
  gradeName: 'Fair',
  answers: {},
  pricePence: 10_000,
  catalogueRevision: 'seed',
}
