import { BufferedDocument, Mutation } from '@sanity/mutator'
import { applyPatch } from 'mendoza'
import { applyAction } from '../../../content-api/actions'
import { mutationEvents, listenOptionsFrom, type ListenerEvent } from '../../../content-api/listeners'
import { encode } from '../../../content-api/mendoza-effects'
import type { SanityDocument } from '../../../content-api/types'
import { openSeedCopy, type SeedCopy } from '../../support/content-api-fixture'

let seed: SeedCopy
beforeEach(() => {
  seed = openSeedCopy()
})
afterEach(() => seed.remove())

// The Studio's pair listener, as @sanity/client encodes it.
const pairListener = (publishedId: string) =>
  listenOptionsFrom(new URLSearchParams({ query: '*[_id in $ids]', includeResult: 'false', effectFormat: 'mendoza' }), {
    ids: [publishedId, `drafts.${publishedId}`],
  })

const withoutRev = (document: SanityDocument | null) => {
  if (!document) return null
  const copy = { ...document }
  delete copy._rev
  return copy
}

type Effects = { apply: unknown[]; revert: unknown[] }

describe('mutation events', () => {
  it('carry mendoza effects that turn the previous revision into the result and back', async () => {
    const { commit } = seed.store.transact((tx) =>
      applyAction(tx, {
        actionType: 'sanity.action.document.edit',
        publishedId: 'header',
        draftId: 'drafts.header',
        patch: { set: { 'search.label': 'Find it' }, unset: ['search.badge'] },
      }),
    )
    const afterEdit = commit.changes[0]?.after ?? null
    const [event] = await mutationEvents(commit, pairListener('header'))

    expect(event?.data).toMatchObject({
      documentId: 'drafts.header',
      transition: 'appear',
      resultRev: commit.transactionId,
      transactionTotalEvents: 1,
      visibility: 'query',
    })
    expect(event?.data).not.toHaveProperty('previousRev')
    expect(event?.data).not.toHaveProperty('result')
    const effects = event?.data.effects as Effects
    expect(applyPatch(null, effects.apply)).toEqual(withoutRev(afterEdit))
    expect(applyPatch(withoutRev(afterEdit), effects.revert)).toBeNull()
  })

  it('report a publish as two events of one transaction, with previous revisions and effects that apply', async () => {
    seed.store.transact((tx) =>
      applyAction(tx, {
        actionType: 'sanity.action.document.edit',
        publishedId: 'header',
        draftId: 'drafts.header',
        patch: { set: { 'search.label': 'Find it' } },
      }),
    )
    const draft = seed.store.get('drafts.header')
    const published = seed.store.get('header')
    const { commit } = seed.store.transact((tx) =>
      applyAction(tx, {
        actionType: 'sanity.action.document.publish',
        publishedId: 'header',
        draftId: 'drafts.header',
      }),
    )
    const events = await mutationEvents(commit, pairListener('header'))
    const byId = (id: string) => events.find((event) => event.data.documentId === id) as ListenerEvent

    expect(events.map((event) => event.data.transactionCurrentEvent)).toEqual([1, 2])
    expect(byId('header').data).toMatchObject({ transition: 'update', previousRev: published?._rev })
    expect(byId('drafts.header').data).toMatchObject({ transition: 'disappear', previousRev: draft?._rev })
    const publishedEffects = byId('header').data.effects as Effects
    expect(applyPatch(withoutRev(published), publishedEffects.apply)).toEqual(withoutRev(seed.store.get('header')))
    expect(applyPatch(withoutRev(seed.store.get('header')), publishedEffects.revert)).toEqual(withoutRev(published))
  })

  it('include the result and the mutations when asked, and skip documents the query does not match', async () => {
    const options = listenOptionsFrom(new URLSearchParams({ query: '*[_type == "deviceMake"]' }), {})
    const { commit } = seed.store.transact((tx) => {
      tx.mutate({ patch: { id: 'make-apple', set: { name: 'Apple Inc.' } } })
      tx.mutate({ patch: { id: 'header', set: { 'search.label': 'x' } } })
    })
    const events = await mutationEvents(commit, options)

    expect(events).toHaveLength(1)
    expect(events[0]?.data).toMatchObject({
      documentId: 'make-apple',
      result: { name: 'Apple Inc.', _rev: commit.transactionId },
      mutations: [{ patch: { id: 'make-apple', set: { name: 'Apple Inc.' } } }],
    })
  })
})

describe('the Studio consuming mutation events', () => {
  it("brings @sanity/mutator's BufferedDocument (the Studio's copy) to the stored documents", async () => {
    const studioCopies = {
      header: new BufferedDocument(seed.store.get('header')),
      'drafts.header': new BufferedDocument(null),
    }
    const steps = [
      { patch: { set: { 'search.label': 'One' } }, actionType: 'sanity.action.document.edit' },
      { patch: { setIfMissing: { 'search.hint': 'Two' } }, actionType: 'sanity.action.document.edit' },
      { patch: { unset: ['search.badge'] }, actionType: 'sanity.action.document.edit' },
      { actionType: 'sanity.action.document.publish' },
    ]
    for (const step of steps) {
      const { commit } = seed.store.transact((tx) =>
        applyAction(tx, { ...step, publishedId: 'header', draftId: 'drafts.header' }),
      )
      for (const event of await mutationEvents(commit, pairListener('header'))) {
        const id = event.data.documentId as keyof typeof studioCopies
        studioCopies[id].arrive(new Mutation(event.data as unknown as ConstructorParameters<typeof Mutation>[0]))
      }
    }

    expect(studioCopies.header.document.HEAD).toEqual(seed.store.get('header'))
    expect(studioCopies.header.document.HEAD).toMatchObject({ search: { label: 'One', hint: 'Two' } })
    expect(studioCopies['drafts.header'].document.HEAD).toBeNull()
  })
})

describe('the mendoza encoder', () => {
  const cases: Array<[string, unknown, unknown]> = [
    ['a nested field changes', { a: { b: 1, c: 2 }, d: [1] }, { a: { b: 3, c: 2 }, d: [1] }],
    ['fields appear and disappear', { a: 1, b: 2, z: 3 }, { b: 2, c: { x: 1 }, y: null }],
    ['an array and a string change', { list: [1, 2], text: 'abc' }, { list: [2, 1, 3], text: 'abd' }],
    ['a document is created', null, { _id: 'x', _type: 't' }],
    ['a document is deleted', { _id: 'x', _type: 't' }, null],
    ['an object becomes a string', { a: { b: 1 } }, { a: 'b' }],
  ]

  it.each(cases)('round-trips when %s', (_, left, right) => {
    expect(applyPatch(left, encode(left, right))).toEqual(right)
    expect(applyPatch(right, encode(right, left))).toEqual(left)
  })

  it('leaves unchanged fields out of the patch', () => {
    const left = { big: 'x'.repeat(1000), small: 1 }
    expect(JSON.stringify(encode(left, { ...left, small: 2 }))).not.toContain('xxx')
  })
})
