import { vercelStegaCombine } from '@vercel/stega'
import { GET as enableDraftMode } from '@/app/api/draft-mode/enable/route'
import { pageMetadata } from '@/lib/page-metadata'
import { organization } from '@/lib/structured-data'
import { fetchQuery } from '@/content/fetch-query'
import { siteSettingsQuery } from '@/content/queries'
import { startSanityStandIn, type StandIn } from '../support/sanity-stand-in'
import { copySeed, readSeed } from '../support/seed-copy'

const INVISIBLE = /[\u200B-\u200D\u2060\uFEFF\u{E0000}-\u{E007F}]/u

describe('draft preview', () => {
  it('never lets stega encoding into metadata or structured data', async () => {
    const settings = (await fetchQuery(siteSettingsQuery, { source: { kind: 'local', datasetPath: copySeed() } }))!
    const encode = (text: string) => vercelStegaCombine(text, { origin: 'sanity.io', href: '/studio/intent/edit' })
    const encoded = {
      ...settings,
      productName: encode(settings.productName),
      titleTemplate: encode(settings.titleTemplate),
    }
    expect(encoded.productName).toMatch(INVISIBLE)

    const metadata = pageMetadata(encoded, {
      title: encode('FAQs'),
      description: encode('All about selling.'),
      path: '/about/faqs',
    })
    expect(JSON.stringify(metadata)).not.toMatch(INVISIBLE)
    expect(metadata.title).toBe('FAQs')
    expect(JSON.stringify(organization(encoded))).not.toMatch(INVISIBLE)
  })

  describe('the draft-mode enable route', () => {
    let standIn: StandIn
    beforeAll(async () => {
      standIn = await startSanityStandIn(readSeed(), 'test1234', 'production')
    })
    afterAll(() => standIn.close())
    afterEach(() => {
      for (const key of [
        'NEXT_PUBLIC_SANITY_PROJECT_ID',
        'NEXT_PUBLIC_SANITY_DATASET',
        'SANITY_API_HOST',
        'SANITY_API_READ_TOKEN',
      ]) {
        delete process.env[key]
      }
    })

    it('is not available on the seed', async () => {
      const response = await enableDraftMode(
        new Request('http://localhost/api/draft-mode/enable?sanity-preview-secret=x'),
      )
      expect(response.status).toBe(404)
    })

    it('refuses a secret Sanity does not know', async () => {
      Object.assign(process.env, {
        NEXT_PUBLIC_SANITY_PROJECT_ID: 'test1234',
        NEXT_PUBLIC_SANITY_DATASET: 'production',
        SANITY_API_HOST: standIn.url,
        SANITY_API_READ_TOKEN: 'test-token',
      })
      const response = await enableDraftMode(
        new Request('http://localhost/api/draft-mode/enable?sanity-preview-secret=guessed&sanity-preview-pathname=/'),
      )
      expect(response.status).toBe(401)
      expect(response.headers.get('set-cookie')).toBeNull()
      expect(standIn.requests.some((url) => url.searchParams.get('query')?.includes('sanity.previewUrlSecret'))).toBe(
        true,
      )
    })
  })
})
