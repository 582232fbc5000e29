import type { EmailCopy } from '@/content/types'
import { orderMail } from '@/orders/record/mail'
import { readOrderLink, readPhotoToken } from '@/orders/record/order-token'
import { seedWithFacts } from '../support/seed-facts'
import { seedCheckoutWords } from '../support/seed-email-loaders'

process.env.BETTER_AUTH_SECRET ??= 'revised-offer-mail-secret-0123456789abcdef'

const context = {
  copy: seedWithFacts('emailCopy') as EmailCopy,
  origin: 'https://shop.example',
  reviewUrl: 'https://reviews.example/handback',
  checkout: seedCheckoutWords(),
}
const order = {
  reference: 'HB-7K4M-Q2XP',
  name: 'Jo Seller',
  email: 'jo@example.com',
  totalPence: 27_400,
  holdUntil: new Date('2026-11-01T12:00:00Z'),
  offerDeadline: new Date('2026-11-20T12:00:00Z'),
  payoutLast4: '5678',
  payoutMethod: 'bank',
  returnTracking: null,
  postagePack: false,
  items: [
    {
      id: 'item-13',
      device: 'Apple iPhone 13 128GB',
      pricePence: 11_400,
      revisedPricePence: 8_000,
      revisedReason: 'The back has a deep scratch',
    },
    {
      id: 'item-14',
      device: 'Apple iPhone 14 128GB',
      pricePence: 16_000,
      revisedPricePence: 20_000,
      revisedReason: 'Like new',
    },
    { id: 'item-se', device: 'Apple iPhone SE 64GB', pricePence: 3_000, revisedPricePence: null, revisedReason: null },
  ],
  photos: [
    { id: '11111111-1111-4111-8111-111111111111', orderItemId: 'item-13' },
    { id: '22222222-2222-4222-8222-222222222222', orderItemId: 'item-13' },
    { id: '33333333-3333-4333-8333-333333333333', orderItemId: 'item-14' },
  ],
}

describe('the revised offer e-mail, as the seller reads it', () => {
  const [mail] = orderMail('revisedOffer', order, context)

  it('gives each device its old and new price, up or down, the reasons and the deadline', () => {
    expect(mail!.subject).toBe('A new offer for your order HB-7K4M-Q2XP')
    expect(mail!.text).toContain('Apple iPhone 13 128GB: £114, now £80')
    expect(mail!.text).toContain('Apple iPhone 14 128GB: £160, now £200')
    expect(mail!.text).toContain('Apple iPhone SE 64GB: £30')
    expect(mail!.text).toContain('Total: £310')
    expect(mail!.text).toContain('Apple iPhone 13 128GB: The back has a deep scratch')
    expect(mail!.text).toContain('by Friday, 20 November 2026')
    expect(mail!.text).toContain('If you do not answer by then, we accept the new price for you and pay it.')
  })

  it('links each photo with a grant to that photo alone, and the order page where each device is answered', () => {
    const links = [...mail!.text.matchAll(/(Photo \d of your [^:]+):\n(\S+)/g)].map(([, label, href]) => ({
      label,
      href: new URL(href!),
    }))
    expect(links.map((link) => link.label)).toEqual([
      'Photo 1 of your Apple iPhone 13 128GB',
      'Photo 2 of your Apple iPhone 13 128GB',
      'Photo 1 of your Apple iPhone 14 128GB',
    ])
    expect(links[0]!.href.pathname).toBe('/api/order-photos/11111111-1111-4111-8111-111111111111')
    // A forwarded photo opens that photo: nothing in its address opens the order, or another photo.
    for (const link of links) {
      for (const value of link.href.searchParams.values()) expect(readOrderLink(value)).toBeNull()
    }
    const grant = links[0]!.href.searchParams.get('photo')!
    expect(readPhotoToken(grant, '11111111-1111-4111-8111-111111111111')).toBe(true)
    expect(readPhotoToken(grant, links[1]!.href.pathname.split('/').at(-1)!)).toBe(false)
    expect(mail!.text).toMatch(
      /See the photos and answer:\nhttps:\/\/shop\.example\/order-tracker-details\?order=\S+#offer/,
    )
    expect(mail!.html).toContain('>Photo 1 of your Apple iPhone 13 128GB</a>')
    // One button: the answers are per device, on the page.
    expect(mail!.text).not.toContain('answer=')
  })
})
