import { stegaClean } from '@sanity/client/stega'
import { GET as enableDraftMode } from '@/app/api/draft-mode/enable/route'
import { getBreadcrumbs, getPage, getSiteSettings } from '@/content/loaders'
import { perVisitorMetadata } from '@/content/per-visitor-metadata'
import { withoutStega } from '@/content/stega'
import { siteMetadata } from '@/content/page-metadata'
import { breadcrumbList, faqPage, organization } from '@/content/structured-data'
import { startSanityStandIn, type StandIn } from '../support/sanity-stand-in'
import { readSeed } from '../support/seed-copy'

// Every read below is an editor's draft preview (Sanity configured, draft mode on, read token).
jest.mock('@/content/draft', () => ({ isDraftMode: async () => true }))

const INVISIBLE = /[\u200B-\u200D\u2060\uFEFF\u{E0000}-\u{E007F}]/u
const SANITY_ENV = [
  'NEXT_PUBLIC_SANITY_PROJECT_ID',
  'NEXT_PUBLIC_SANITY_DATASET',
  'SANITY_API_HOST',
  'SANITY_API_READ_TOKEN',
]

describe('draft preview', () => {
  describe('reading content', () => {
    let standIn: StandIn
    beforeAll(async () => {
      const seed = readSeed()
      const settings = seed.find((doc) => doc._id === 'siteSettings')!
      standIn = await startSanityStandIn(
        [...seed, { ...settings, _id: 'drafts.siteSettings', productName: 'Draftback' }],
        'preview1',
        'production',
      )
      Object.assign(process.env, {
        NEXT_PUBLIC_SANITY_PROJECT_ID: 'preview1',
        NEXT_PUBLIC_SANITY_DATASET: 'production',
        SANITY_API_HOST: standIn.url,
        SANITY_API_READ_TOKEN: 'preview-read-token',
      })
    })
    afterAll(async () => {
      for (const key of SANITY_ENV) delete process.env[key]
      await standIn.close()
    })

    it('shows the page drafts with source maps encoded for Visual Editing', async () => {
      const settings = await getSiteSettings()
      expect(settings.productName).toMatch(INVISIBLE)
      expect(stegaClean(settings.productName)).toBe('Draftback')
    })

    it('reads metadata and structured data as the same drafts, with no stega encoding', async () => {
      const pageMetadata = await perVisitorMetadata('/about/faqs')
      const missingMetadata = await perVisitorMetadata('/no-such-page')
      const basketMetadata = await perVisitorMetadata('/add-to-cart')
      const structured = await withoutStega(async () => {
        const [settings, page, crumbs] = await Promise.all([
          getSiteSettings(),
          getPage('/about/faqs'),
          getBreadcrumbs('/about/faqs'),
        ])
        return [
          siteMetadata(settings),
          organization(settings),
          breadcrumbList(crumbs, settings.siteUrl),
          faqPage(page!.sections),
        ]
      })
      const all = JSON.stringify([pageMetadata, missingMetadata, basketMetadata, structured])
      expect(all).not.toMatch(INVISIBLE)
      expect(pageMetadata.openGraph?.siteName).toBe('Draftback')
      expect(structured[1]).toMatchObject({ name: 'Draftback' })
      expect(structured[3]).toMatchObject({ '@type': 'FAQPage' })
      // The stand-in was asked for drafts, and for no source map, on these reads.
      const last = standIn.requests.at(-1)
      expect(last?.searchParams.get('perspective')).toBe('drafts')
      expect(last?.searchParams.has('resultSourceMap')).toBe(false)
    })
  })

  describe('the draft-mode enable route', () => {
    let standIn: StandIn
    beforeAll(async () => {
      standIn = await startSanityStandIn(readSeed(), 'test1234', 'production')
    })
    afterAll(() => standIn.close())
    afterEach(() => {
      for (const key of SANITY_ENV) delete process.env[key]
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
