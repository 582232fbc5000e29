import { applyAction, type Action } from '../../../content-api/actions'
import { ContentApiError } from '../../../content-api/errors'
import { openSeedCopy, type SeedCopy } from '../../support/content-api-fixture'

let seed: SeedCopy
beforeEach(() => {
  seed = openSeedCopy()
})
afterEach(() => seed.remove())

const run = (...actions: Action[]) =>
  seed.store.transact((tx) => actions.forEach((action) => applyAction(tx, action))).commit
const edit = (publishedId: string, patch: Record<string, unknown>): Action => ({
  actionType: 'sanity.action.document.edit',
  publishedId,
  draftId: `drafts.${publishedId}`,
  patch,
})
const publish = (publishedId: string, extra: Record<string, unknown> = {}): Action => ({
  actionType: 'sanity.action.document.publish',
  publishedId,
  draftId: `drafts.${publishedId}`,
  ...extra,
})
const conflictOf = (work: () => unknown) => {
  try {
    work()
  } catch (error) {
    return error instanceof ContentApiError ? error.status : error
  }
  return 'no error'
}

describe('actions as transactions', () => {
  it('edits a draft made from the published document, leaving the published one as it was', () => {
    const published = seed.store.get('header')
    const commit = run(edit('header', { set: { 'search.label': 'Find your phone' } }))

    const draft = seed.store.get('drafts.header')
    expect(draft?.search).toMatchObject({ label: 'Find your phone', placeholder: 'Search for your phone or tablet' })
    expect(draft?._rev).toBe(commit.transactionId)
    expect(seed.store.get('header')).toEqual(published)
  })

  it('applies nothing when one action of a transaction fails', () => {
    const before = seed.store.all()
    const status = conflictOf(() =>
      run(edit('header', { set: { 'search.label': 'Changed' } }), publish('footer' /* has no draft */)),
    )

    expect(status).toBe(409)
    expect(seed.store.get('drafts.header')).toBeNull()
    expect(seed.store.all()).toEqual(before)
  })

  it('gives every changed document the transaction id as its revision and a new _updatedAt', () => {
    run(edit('header', { set: { 'search.label': 'One' } }))
    const first = seed.store.get('drafts.header')
    const second = run(edit('header', { set: { 'search.label': 'Two' } }))
    const draft = seed.store.get('drafts.header')

    expect(draft?._rev).toBe(second.transactionId)
    expect(draft?._rev).not.toBe(first?._rev)
    expect(draft?._createdAt).toBe(first?._createdAt)
    expect(draft?._updatedAt).toBe(second.timestamp)
  })

  it('publishes the draft under the published id and removes the draft', () => {
    run(edit('header', { set: { 'search.label': 'Published label' } }))
    run(publish('header', { ifPublishedRevisionId: seed.store.get('header')?._rev }))

    expect(seed.store.get('drafts.header')).toBeNull()
    expect(seed.store.get('header')?.search).toMatchObject({ label: 'Published label' })
  })

  it('refuses a publish from a stale revision with 409 and keeps the newer text', () => {
    run(edit('header', { set: { 'search.label': 'First draft' } }))
    const staleDraftRev = seed.store.get('drafts.header')?._rev
    run(edit('header', { set: { 'search.label': 'Newer draft' } }))

    expect(conflictOf(() => run(publish('header', { ifDraftRevisionId: staleDraftRev })))).toBe(409)
    expect(conflictOf(() => run(publish('header', { ifPublishedRevisionId: 'not-the-revision' })))).toBe(409)
    expect(seed.store.get('drafts.header')?.search).toMatchObject({ label: 'Newer draft' })
    expect(seed.store.get('header')?.search).toMatchObject({ label: 'Search for your device' })
  })

  it('refuses a patch whose ifRevisionID is stale through data/mutate, keeping the newer text', () => {
    const rev = seed.store.get('header')?._rev
    seed.store.transact((tx) =>
      tx.mutate({ patch: { id: 'header', ifRevisionID: rev, set: { 'search.label': 'Newer' } } }),
    )

    const status = conflictOf(() =>
      seed.store.transact((tx) =>
        tx.mutate({ patch: { id: 'header', ifRevisionID: rev, set: { 'search.label': 'Older' } } }),
      ),
    )
    expect(status).toBe(409)
    expect(seed.store.get('header')?.search).toMatchObject({ label: 'Newer' })
  })

  it('unpublishes into a draft, discards drafts and deletes documents', () => {
    run({ actionType: 'sanity.action.document.unpublish', publishedId: 'newsletter', draftId: 'drafts.newsletter' })
    expect(seed.store.get('newsletter')).toBeNull()
    expect(seed.store.get('drafts.newsletter')?._type).toBe('newsletter')

    run({ actionType: 'sanity.action.document.version.discard', versionId: 'drafts.newsletter' })
    expect(seed.store.get('drafts.newsletter')).toBeNull()

    run(edit('footer', { set: { note: 'draft' } }))
    run({ actionType: 'sanity.action.document.delete', publishedId: 'footer', includeDrafts: ['drafts.footer'] })
    expect(seed.store.get('footer')).toBeNull()
    expect(seed.store.get('drafts.footer')).toBeNull()
  })

  it('creates a new draft and refuses to create it twice', () => {
    const create: Action = {
      actionType: 'sanity.action.document.create',
      publishedId: 'make-nokia',
      attributes: { _id: 'drafts.make-nokia', _type: 'deviceMake', name: 'Nokia' },
      ifExists: 'fail',
    }
    run(create)
    expect(seed.store.get('drafts.make-nokia')).toMatchObject({ _type: 'deviceMake', name: 'Nokia' })
    expect(conflictOf(() => run(create))).toBe(409)
  })
})

describe('patches', () => {
  const model = () =>
    seed.store.get('drafts.model-iphone-13') as unknown as Record<string, unknown> & { variants: unknown[] }

  it('set, unset, setIfMissing, inc and insert as the Studio sends them', () => {
    run(
      edit('model-iphone-13', { set: { name: 'iPhone 13 (2021)' } }),
      edit('model-iphone-13', { unset: ['family'] }),
      edit('model-iphone-13', { setIfMissing: { name: 'ignored', nickname: 'Thirteen' } }),
      edit('model-iphone-13', { inc: { order: 5 } }),
      edit('model-iphone-13', {
        insert: {
          after: 'variants[-1]',
          items: [{ _key: '1tb', _type: 'storageVariant', storageGb: 1024, prices: [] }],
        },
      }),
    )
    const draft = model()

    expect(draft.name).toBe('iPhone 13 (2021)')
    expect(draft).not.toHaveProperty('family')
    expect(draft.nickname).toBe('Thirteen')
    expect(draft.order).toBe(115)
    expect(draft.variants.at(-1)).toMatchObject({ _key: '1tb', storageGb: 1024 })
    expect(seed.store.get('model-iphone-13')?.family).toBe('iPhone')
  })

  it('addresses array items by _key', () => {
    run(edit('model-iphone-13', { set: { 'variants[_key=="128gb"].storageGb': 256 } }))
    expect(model().variants[0]).toMatchObject({ _key: '128gb', storageGb: 256 })
  })
})
