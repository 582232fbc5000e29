import { readdirSync, readFileSync } from 'node:fs'
import { applyAction } from '../../../content-api/actions'
import { openSeedCopy, type SeedCopy } from '../../support/content-api-fixture'

let seed: SeedCopy
beforeEach(() => {
  seed = openSeedCopy()
})
afterEach(() => seed.remove())

const byId = (documents: Array<{ _id: string }>) => [...documents].sort((a, b) => a._id.localeCompare(b._id))
const lines = () => readFileSync(seed.file, 'utf8').trimEnd().split('\n')
const lineOf = (id: string) => lines().find((line) => JSON.parse(line)._id === id)

describe('writing the dataset file', () => {
  it('reloads every document as it was written, drafts included', () => {
    seed.store.transact((tx) => {
      applyAction(tx, {
        actionType: 'sanity.action.document.edit',
        publishedId: 'siteSettings',
        draftId: 'drafts.siteSettings',
        patch: { set: { productName: 'Handback Local' } },
      })
      tx.mutate({ createOrReplace: { _id: 'make-nokia', _type: 'deviceMake', name: 'Nokia' } })
      tx.mutate({ delete: { id: 'make-oneplus' } })
    })

    const reloaded = seed.reopen().store
    expect(byId(reloaded.all())).toEqual(byId(seed.store.all()))
    expect(reloaded.get('drafts.siteSettings')?.productName).toBe('Handback Local')
    expect(reloaded.get('make-oneplus')).toBeNull()
  })

  it('keeps the import format: images as _sanityAsset files, no asset documents, untouched lines as they were', () => {
    const original = readFileSync(seed.file, 'utf8').split('\n')
    seed.store.transact((tx) => tx.mutate({ patch: { id: 'siteSettings', set: { productName: 'Handback Local' } } }))

    const changed = JSON.parse(lineOf('siteSettings') ?? '{}')
    expect(changed.productName).toBe('Handback Local')
    expect(changed.paymentMethods[0].logo).toEqual({
      _type: 'image',
      _sanityAsset: 'image@file://./images/payment-card.svg',
    })
    expect(lines().some((line) => line.includes('sanity.imageAsset'))).toBe(false)
    const untouched = lines().filter((line) => !line.includes('"_id":"siteSettings"'))
    expect(untouched).toEqual(original.filter((line) => line && !line.includes('"_id":"siteSettings"')))
  })

  it('replaces the file by rename, leaving no temporary file, and writes nothing for a failed transaction', () => {
    const before = readFileSync(seed.file, 'utf8')
    expect(() =>
      seed.store.transact((tx) => {
        tx.mutate({ patch: { id: 'siteSettings', set: { productName: 'Lost' } } })
        tx.mutate({ create: { _id: 'siteSettings', _type: 'siteSettings' } })
      }),
    ).toThrow(/already exists/)
    expect(readFileSync(seed.file, 'utf8')).toBe(before)

    seed.store.transact((tx) => tx.mutate({ patch: { id: 'siteSettings', set: { productName: 'Kept' } } }))
    expect(readdirSync(seed.folder).filter((name) => name.endsWith('.tmp'))).toEqual([])
  })
})
