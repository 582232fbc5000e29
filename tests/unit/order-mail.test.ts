import type { EmailCopy } from '@/content/types'
import { orderMail } from '@/orders/record/mail'
import { readOrderToken } from '@/orders/record/order-token'
import { seedWithFacts } from '../support/seed-facts'
import { seedCheckoutWords } from '../support/seed-email-loaders'

process.env.BETTER_AUTH_SECRET ??= 'order-mail-test-secret-0123456789abcdef'

const context = {
  copy: seedWithFacts('emailCopy') as EmailCopy,
  origin: 'https://shop.example',
  reviewUrl: 'https://reviews.example/review/handback',
  checkout: seedCheckoutWords(),
}
const order = {
  reference: 'HB-7K4M-Q2XP',
  name: 'Ann Smith',
  email: 'ann@example.com',
  totalPence: 25_000,
  holdUntil: new Date('2026-12-10T12:00:00Z'),
  offerDeadline: null,
  payoutLast4: '5678',
  payoutMethod: 'bank',
  returnTracking: null,
  postagePack: false,
  items: [{ device: 'Apple iPhone 13 128GB', pricePence: 25_000, revisedPricePence: null, revisedReason: null }],
}

/** The address after a button's words in the plain-text part, as a seller's mail program shows it. */
const linkAfter = (text: string, words: string) => new RegExp(`${words}:\\n(\\S+)`).exec(text)?.[1]

describe('the order e-mails a seller reads', () => {
  it('gives the confirmation a signed link to the postage label as a PDF', () => {
    const [mail] = orderMail('orderConfirmation', order, context)
    const link = linkAfter(mail!.text, 'Print your free postage label \\(PDF\\)')
    expect(link).toMatch(/^https:\/\/shop\.example\/order-tracker-details\/label\?order=/)
    const token = decodeURIComponent(new URL(link!).searchParams.get('order')!)
    expect(readOrderToken(token)).toBe('HB-7K4M-Q2XP')
    expect(mail!.html).toContain(`href="${link!.replace(/&/g, '&#38;')}"`)
    expect(mail!.text).toContain('Print it from the link below')
    expect(mail!.text).not.toContain('postage pack')
  })

  it('says a postage pack is coming when the seller asked for one', () => {
    const [mail] = orderMail('orderConfirmation', { ...order, postagePack: true }, context)
    expect(mail!.text).toContain('You asked for a postage pack: we will post you a padded envelope')
    // Before the buttons, so it is read.
    expect(mail!.text.indexOf('postage pack')).toBeLessThan(mail!.text.indexOf('Track your order:'))
  })

  it('asks for a review in the paid e-mail, linking the review page from Site settings', () => {
    const [mail] = orderMail('paid', order, context)
    expect(mail!.text).toContain('A review on Trustpilot takes a minute')
    expect(linkAfter(mail!.text, 'Review us on Trustpilot')).toBe('https://reviews.example/review/handback')
    expect(mail!.html).toContain('href="https://reviews.example/review/handback"')
  })

  it('adds no second link to e-mails that have none', () => {
    const [mail] = orderMail('deviceReceived', order, context)
    expect(mail!.text).not.toContain('/label?')
    expect(mail!.text).not.toContain('reviews.example')
  })
})
