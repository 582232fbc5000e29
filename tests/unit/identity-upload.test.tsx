import { renderToStaticMarkup } from 'react-dom/server'
import { IdentityUpload } from '@/components/orders/identity-upload'
import { getOrderCopy } from '@/content/loaders'

// The seller's upload page, drawn from the seed's words: the link's request, its form, its problems.
const render = async (props: {
  query: Record<string, string>
  request: { reference: string; uploaded: boolean } | null
}) => renderToStaticMarkup(<IdentityUpload copy={await getOrderCopy()} visitor={null} megabytes={15} {...props} />)

it('says a link that opens nothing does, and shows no form', async () => {
  const html = await render({ query: { token: 'forged' }, request: null })
  expect(html).toContain('This link does not open a request for proof of identity.')
  expect(html).not.toContain('<form')
})

it('asks for the document and its photo, posting the token to the upload', async () => {
  const html = await render({ query: { token: 'tok-123' }, request: { reference: 'HB-7KQ2M9', uploaded: false } })
  expect(html).toContain('For order HB-7KQ2M9, send a clear photo')
  // The token in the form's address too: a post refused before its body is read still returns to this link.
  expect(html).toContain('action="/api/proof-of-identity?token=tok-123"')
  expect(html.toLowerCase()).toContain('enctype="multipart/form-data"')
  expect(html).toContain('name="token" value="tok-123"')
  for (const value of ['passport', 'driving-licence', 'identity-card']) expect(html).toContain(`value="${value}"`)
  expect(html).toContain('UK photocard driving licence')
  expect(html).toContain('up to 15 MB')
  expect(html).not.toContain('data-identity="sent"')
})

it('says what happened: a problem in the content’s words, or the photo sent', async () => {
  const tooLarge = await render({
    query: { token: 't', problem: 'fileTooLarge' },
    request: { reference: 'HB-7KQ2M9', uploaded: false },
  })
  expect(tooLarge).toContain('The photo is larger than 15 MB.')
  const tooMany = await render({
    query: { token: 't', problem: 'tooMany', wait: '42' },
    request: { reference: 'HB-7KQ2M9', uploaded: false },
  })
  expect(tooMany).toContain('Too many attempts. Wait 42 seconds, then try again')
  const sent = await render({ query: { token: 't', sent: '1' }, request: { reference: 'HB-7KQ2M9', uploaded: true } })
  expect(sent).toContain('Your photo has arrived')
})
