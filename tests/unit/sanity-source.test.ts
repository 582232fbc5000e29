import { fetchQuery } from '@/content/fetch-query'
import type { SanitySource } from '@/config'
import { navigationQuery, pageByPathQuery, pagePathsQuery, siteSettingsQuery } from '@/content/queries'
import { searchItemsQuery } from '@/content/catalogue-queries'
import { startSanityStandIn, type StandIn } from '../support/sanity-stand-in'
import { seedDocs } from '../support/seed-content'
import { copySeed, readSeed } from '../support/seed-copy'

// The Sanity path runs the official client against a local stand-in of the query API (Sanity's
// servers are out of reach here), with the very queries the local path runs.
describe('the content seam with a Sanity project configured', () => {
  let standIn: StandIn
  let source: SanitySource
  const local = { kind: 'local' as const, datasetPath: copySeed() }

  beforeAll(async () => {
    const seed = readSeed()
    const draft = { ...seed.find((d) => d._id === 'siteSettings')!, _id: 'drafts.siteSettings', productName: 'Draft' }
    standIn = await startSanityStandIn([...seed, draft], 'test1234', 'production')
    source = {
      kind: 'sanity',
      projectId: 'test1234',
      dataset: 'production',
      apiVersion: '2025-09-01',
      apiHost: standIn.url,
    }
  })
  afterAll(() => standIn.close())

  it('gives the same answers as the seed for the same queries', async () => {
    for (const [query, params] of [
      [pagePathsQuery, {}],
      [navigationQuery, {}],
      [pageByPathQuery, { path: '/about/faqs' }],
      [pageByPathQuery, { path: '/sell' }],
    ] as const) {
      expect(await fetchQuery(query, { source, params })).toEqual(await fetchQuery(query, { source: local, params }))
    }
  })

  it('asks for published content only, so drafts never reach the site', async () => {
    const settings = await fetchQuery(siteSettingsQuery, { source })
    expect(settings?.productName).toBe('Handback')
    const last = standIn.requests.at(-1)
    expect(last?.searchParams.get('perspective')).toBe('published')
    expect(last?.pathname).toBe('/v2025-09-01/data/query/production')
  })

  it('serves images through Sanity’s CDN instead of the seed files', async () => {
    const items = await fetchQuery(searchItemsQuery, { source })
    expect(items).toHaveLength(seedDocs('shopItem').length)
    expect(items[0]?.thumbnailUrl).toMatch(/^https:\/\/cdn\.sanity\.io\/images\/test1234\/production\//)
  })

  it('reports a query the API refuses, naming it', async () => {
    await expect(
      fetchQuery(pageByPathQuery, { source: { ...source, dataset: 'missing' }, params: { path: '/' } }),
    ).rejects.toThrow(/pageByPathQuery/)
  })
})
