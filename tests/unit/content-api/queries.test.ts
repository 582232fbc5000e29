import { applyAction } from '../../../content-api/actions'
import { runQuery } from '../../../content-api/query'
import { openSeedCopy, type SeedCopy } from '../../support/content-api-fixture'

let seed: SeedCopy
beforeAll(() => {
  seed = openSeedCopy()
  // One edited document (draft beside published) and one that exists only as a draft.
  seed.store.transact((tx) => {
    applyAction(tx, {
      actionType: 'sanity.action.document.edit',
      publishedId: 'make-apple',
      draftId: 'drafts.make-apple',
      patch: { set: { name: 'Apple (draft)' } },
    })
    applyAction(tx, {
      actionType: 'sanity.action.document.create',
      publishedId: 'make-nokia',
      attributes: { _id: 'drafts.make-nokia', _type: 'deviceMake', name: 'Nokia' },
    })
  })
})
afterAll(() => seed.remove())

const names = async (perspective: string | null, apiVersion = '2025-09-01') =>
  (
    await runQuery(seed.store, {
      query: '*[_type == "deviceMake"] | order(_id) {_id, _originalId, name}',
      params: {},
      perspective,
      apiVersion,
    })
  ).result

describe('queries in perspectives', () => {
  it('published: only published documents, drafts hidden', async () => {
    const result = (await names('published')) as Array<{ _id: string; name: string }>
    expect(result.map((make) => make.name)).toEqual(['Apple', 'Google', 'OnePlus', 'Samsung'])
  })

  it('drafts: drafts overlay published documents under the published id', async () => {
    const result = (await names('drafts')) as Array<{ _id: string; _originalId: string; name: string }>
    expect(result.find((make) => make._id === 'make-apple')).toEqual({
      _id: 'make-apple',
      _originalId: 'drafts.make-apple',
      name: 'Apple (draft)',
    })
    expect(result.find((make) => make._id === 'make-nokia')?._originalId).toBe('drafts.make-nokia')
    expect(result).toHaveLength(5)
  })

  it('raw: every document with its own id, the old previewDrafts name meaning drafts', async () => {
    const raw = (await names('raw')) as Array<{ _id: string }>
    expect(raw.map((make) => make._id)).toEqual([
      'drafts.make-apple',
      'drafts.make-nokia',
      'make-apple',
      'make-google',
      'make-oneplus',
      'make-samsung',
    ])
    expect(await names('previewDrafts')).toEqual(await names('drafts'))
  })

  it('defaults to published from API version 2025-02-19 and to raw before it', async () => {
    expect(await names(null, '2025-09-01')).toEqual(await names('published'))
    expect(await names(null, '2021-06-07')).toEqual(await names('raw'))
  })

  it('runs the Studio search filter, whose text::query groq-js cannot evaluate', async () => {
    const { result } = await runQuery(seed.store, {
      query: '*[_type in $__types && name match text::query($__query)] | order(_id) ._id',
      params: { __types: ['deviceModel'], __query: 'iphone 13*' },
      perspective: 'drafts',
      apiVersion: '2025-09-01',
    })
    expect(result).toEqual(['model-iphone-13'])
  })

  it('answers a GROQ syntax error with a 400 queryParseError', async () => {
    await expect(
      runQuery(seed.store, { query: '*[', params: {}, perspective: 'raw', apiVersion: '1' }),
    ).rejects.toMatchObject({ status: 400, type: 'queryParseError' })
  })
})
