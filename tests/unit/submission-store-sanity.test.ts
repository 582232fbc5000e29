import { eraseSubmissionsByEmail, findSubmissionsByEmail, storeSubscription } from '@/content/submission-store'
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
    // Contact messages are kept in the database now (tests/unit/db/contact-messages.test.ts).
    await storeSubscription({ email: 'Zoe@Example.com', consent: true })
    await storeSubscription({ email: 'yan@example.com', consent: true })
    const found = await findSubmissionsByEmail('ZOE@example.com')
    expect(found.map((doc) => doc._type)).toEqual(['subscription'])

    expect(await eraseSubmissionsByEmail('zoe@example.com')).toBe(1)
    expect(await findSubmissionsByEmail('zoe@example.com')).toEqual([])
    expect(await findSubmissionsByEmail('yan@example.com')).toHaveLength(1)
  })
})
