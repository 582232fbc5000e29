import {
  eraseSubmissionsByEmail,
  findSubmissionsByEmail,
  storeContactMessage,
  storeSubscription,
} from '@/content/submission-store'
import { StoreUnavailableError } from '@/content/submission-types'
import { fetchQuery } from '@/content/fetch-query'
import { startSanityStandIn, type StandIn } from '../support/sanity-stand-in'
import { readSeed } from '../support/seed-copy'

// With Sanity configured, submissions are written through the official client to a local
// stand-in of the mutation API (Sanity's servers are out of reach here).
describe('the Sanity submission store', () => {
  let standIn: StandIn
  beforeAll(async () => {
    standIn = await startSanityStandIn(readSeed(), 'forms123', 'production')
    Object.assign(process.env, {
      NEXT_PUBLIC_SANITY_PROJECT_ID: 'forms123',
      NEXT_PUBLIC_SANITY_DATASET: 'production',
      SANITY_API_HOST: standIn.url,
    })
  })
  afterAll(async () => {
    for (const key of ['NEXT_PUBLIC_SANITY_PROJECT_ID', 'NEXT_PUBLIC_SANITY_DATASET', 'SANITY_API_HOST']) {
      delete process.env[key]
    }
    delete process.env.SANITY_API_WRITE_TOKEN
    await standIn.close()
  })

  it('refuses to pretend without a write token', async () => {
    delete process.env.SANITY_API_WRITE_TOKEN
    await expect(storeSubscription({ email: 'jo@example.com', consent: true })).rejects.toThrow(StoreUnavailableError)
  })

  it('creates one private subscription per address with the server token, and reports the duplicate', async () => {
    process.env.SANITY_API_WRITE_TOKEN = 'server-write-token'
    expect(await storeSubscription({ email: 'sam@example.com', consent: true })).toBe('created')
    expect(await storeSubscription({ email: 'sam@example.com', consent: true })).toBe('duplicate')
    const [first] = standIn.mutations
    expect(first?.token).toBe('server-write-token')
    const created = first?.mutations[0]?.create
    expect(created?._id).toMatch(/^subscription\.[0-9a-f]{40}$/)
    expect(created?._id).not.toContain('sam')
    await storeContactMessage({ name: 'Sam', email: 'sam@example.com', phone: null, message: 'Hello' })
    expect(standIn.mutations.at(-1)?.mutations[0]?.create?._id).toMatch(/^contactMessage\./)
  })

  it('keeps what was written out of the public API', async () => {
    const source = {
      kind: 'sanity' as const,
      projectId: 'forms123',
      dataset: 'production',
      apiVersion: '2025-09-01',
      apiHost: standIn.url,
    }
    expect(await fetchQuery('*[_type in ["subscription", "contactMessage"]]', { source })).toEqual([])
  })

  it("finds and erases every submission sent with an address, whatever its case, and no one else's", async () => {
    process.env.SANITY_API_WRITE_TOKEN = 'server-write-token'
    await storeSubscription({ email: 'Zoe@Example.com', consent: true })
    await storeContactMessage({ name: 'Zoe', email: 'zoe@example.com', phone: null, message: 'Where is it?' })
    await storeContactMessage({ name: 'Yan', email: 'yan@example.com', phone: null, message: 'Hello' })
    const found = await findSubmissionsByEmail('ZOE@example.com')
    expect(found.map((doc) => doc._type).sort()).toEqual(['contactMessage', 'subscription'])

    expect(await eraseSubmissionsByEmail('zoe@example.com')).toBe(2)
    expect(await findSubmissionsByEmail('zoe@example.com')).toEqual([])
    expect(await findSubmissionsByEmail('yan@example.com')).toHaveLength(1)
  })
})
