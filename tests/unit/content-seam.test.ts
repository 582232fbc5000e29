import { utimesSync } from 'node:fs'
import { fetchQuery, ContentError } from '@/content/fetch-query'
import { pageByPathQuery, pagePathsQuery, siteFactsQuery, siteSettingsQuery } from '@/content/queries'
import { searchItemsQuery } from '@/content/catalogue-queries'
import { siteFactsFrom } from '@/content/site-facts'
import { copySeed, readSeed, writeSeed } from '../support/seed-copy'
import { seedDocs, seedPagePaths } from '../support/seed-content'

const local = (datasetPath: string) => ({ kind: 'local' as const, datasetPath })

describe('the content seam on the seed dataset', () => {
  it('answers the site queries from the seed with groq-js', async () => {
    const source = local(copySeed())
    const settings = await fetchQuery(siteSettingsQuery, { source })
    expect(settings?.productName).toBe('Handback')
    // The wording wraps the count, which is stored once and written the UK way.
    expect(settings?.reviewRating.countText).toBe('{reviewCount} reviews')
    const facts = await fetchQuery(siteFactsQuery, { source })
    expect(facts.settings?.reviewRating.reviewCount).toBe(1770)
    expect(siteFactsFrom(facts as Parameters<typeof siteFactsFrom>[0]).reviewCount).toBe('1,770')

    const paths = await fetchQuery(pagePathsQuery, { source })
    expect([...paths].sort()).toEqual([...seedPagePaths()].sort())
    expect(paths).toEqual(expect.arrayContaining(['/', '/sell/how-it-work', '/add-to-cart']))

    const items = await fetchQuery(searchItemsQuery, { source })
    expect(items).toHaveLength(seedDocs('shopItem').length)
    expect(items[0]?.thumbnailUrl).toMatch(/^\/seed-assets\/.+\.svg$/)
  })

  it('binds parameters per call, so one query serves every page', async () => {
    const source = local(copySeed())
    const faqs = await fetchQuery(pageByPathQuery, { source, params: { path: '/about/faqs' } })
    const home = await fetchQuery(pageByPathQuery, { source, params: { path: '/' } })
    expect(faqs?.path).toBe('/about/faqs')
    expect(home?.path).toBe('/')
    expect(await fetchQuery(pageByPathQuery, { source, params: { path: '/no-such-page' } })).toBeNull()
  })

  it('never returns drafts or other non-public documents', async () => {
    const file = copySeed((docs) => [
      ...docs,
      { ...docs.find((d) => d._id === 'siteSettings')!, _id: 'drafts.siteSettings', productName: 'Draft name' },
      { _id: 'drafts.page-secret', _type: 'page', title: 'Unpublished', path: { _type: 'slug', current: '/secret' } },
      { _id: 'subscription.abc', _type: 'page', title: 'Private', path: { _type: 'slug', current: '/private' } },
    ])
    const source = local(file)
    expect((await fetchQuery(siteSettingsQuery, { source }))?.productName).toBe('Handback')
    const paths = await fetchQuery(pagePathsQuery, { source })
    expect(paths).not.toContain('/secret')
    expect(paths).not.toContain('/private')
    const ids = await fetchQuery('*[_id in path("drafts.**") || string::startsWith(_id, "subscription.")]._id', {
      source,
    })
    expect(ids).toEqual([])
  })

  it('follows edits to the seed file without a restart', async () => {
    const file = copySeed()
    const source = local(file)
    expect((await fetchQuery(siteSettingsQuery, { source }))?.productName).toBe('Handback')
    writeSeed(
      file,
      readSeed(file).map((d) => (d._id === 'siteSettings' ? { ...d, productName: 'Renamed' } : d)),
    )
    const later = new Date(Date.now() + 5000)
    utimesSync(file, later, later)
    expect((await fetchQuery(siteSettingsQuery, { source }))?.productName).toBe('Renamed')
  })

  it('names the query when it fails', async () => {
    const source = local(copySeed())
    await expect(fetchQuery(pageByPathQuery, { source })).rejects.toThrow(ContentError)
    await expect(fetchQuery(pageByPathQuery, { source })).rejects.toThrow(/pageByPathQuery/)
    await expect(fetchQuery('*[_type == ', { source })).rejects.toThrow(/Query .* failed/)
  })
})
