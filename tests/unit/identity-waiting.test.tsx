import { renderToStaticMarkup } from 'react-dom/server'
import { IdentityWaiting } from '@/components/orders/identity-waiting'
import { getOrderCopy } from '@/content/loaders'

// The seller's own order page while proof of identity holds the payment, in the seed's words.
const render = async (check: { askedAt: Date; uploaded: boolean }) =>
  renderToStaticMarkup(<IdentityWaiting copy={await getOrderCopy()} check={check} />)

it('says proof of identity is asked, when, and to use the e-mail’s link; it carries no link of its own', async () => {
  const html = await render({ askedAt: new Date('2026-11-21T12:00:00Z'), uploaded: false })
  expect(html).toContain('data-identity="asked"')
  expect(html).toContain('<h2 id="order-identity">Proof of identity</h2>')
  expect(html).toContain('Use the link in the e-mail we sent you on Saturday, 21 November 2026')
  expect(html).not.toContain('href')
})

it('says the photo has arrived once sent', async () => {
  const html = await render({ askedAt: new Date('2026-11-21T12:00:00Z'), uploaded: true })
  expect(html).toContain('data-identity="sent"')
  expect(html).toContain('Your photo of your identity document has arrived')
  expect(html).not.toContain('Use the link')
})
