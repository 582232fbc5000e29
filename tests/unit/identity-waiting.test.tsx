import { renderToStaticMarkup } from 'react-dom/server'
import { IdentityWaiting } from '@/components/orders/identity-waiting'
import { getOrderCopy } from '@/content/loaders'
import { sellerIdentityState } from '@/orders/identity/identity-rules'

// The seller's own order page while proof of identity holds the payment, in the seed's words.
const askedAt = new Date('2026-11-21T12:00:00Z')
const check = (over: { hasImage?: boolean; outcome?: string | null } = {}) => ({
  askedAt,
  hasImage: false,
  outcome: null,
  ...over,
})
const render = async (state: ReturnType<typeof sellerIdentityState>) =>
  renderToStaticMarkup(<IdentityWaiting copy={await getOrderCopy()} check={state!} />)

it('says proof of identity is asked, when, and to use the e-mail’s link; it carries no link of its own', async () => {
  const html = await render(sellerIdentityState(check(), false))
  expect(html).toContain('data-identity="asked"')
  expect(html).toContain('<h2 id="order-identity">Proof of identity</h2>')
  expect(html).toContain('Use the link in the e-mail we sent you on Saturday, 21 November 2026')
  expect(html).not.toContain('href')
})

it('says the photo has arrived once sent', async () => {
  const html = await render(sellerIdentityState(check({ hasImage: true }), false))
  expect(html).toContain('data-identity="sent"')
  expect(html).toContain('Your photo of your identity document has arrived')
  expect(html).not.toContain('Use the link')
})

it('says a refused document holds the payment, and how to be asked again, with the phone number', async () => {
  const html = await render(sellerIdentityState(check({ outcome: 'refused' }), false))
  expect(html).toContain('data-identity="refused"')
  expect(html).toContain('We could not accept the photo of your identity document, so this order is not paid yet.')
  expect(html).toContain('Call us on 020 7946 0123')
  expect(html).not.toContain('{phone}')
})

it('says nothing once the document is seen, or once the order is at rest', () => {
  expect(sellerIdentityState(check({ outcome: 'seen' }), false)).toBeNull()
  expect(sellerIdentityState(check({ outcome: 'refused' }), true)).toBeNull()
  expect(sellerIdentityState(check(), true)).toBeNull()
  expect(sellerIdentityState(null, false)).toBeNull()
})
