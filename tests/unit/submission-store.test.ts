import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import {
  eraseSubmissionsByEmail,
  findSubmissionsByEmail,
  storeSubscription,
  subscriptionId,
} from '@/content/submission-store'

const lines = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { _id: string; _type: string; email: string })

describe('the local submission store', () => {
  let file: string
  beforeEach(() => {
    file = path.join(mkdtempSync(path.join(tmpdir(), 'forms-')), 'nested', 'submissions.ndjson')
    process.env.FORM_STORE_PATH = file
  })
  afterEach(() => delete process.env.FORM_STORE_PATH)

  it('writes sign-ups as private documents whose id does not hold the address', async () => {
    expect(await storeSubscription({ email: 'jo@example.com', consent: true })).toBe('created')
    const [doc] = lines(file)
    expect(doc).toMatchObject({ _type: 'subscription', email: 'jo@example.com', consent: true })
    expect(doc!._id).toMatch(/^subscription\.[0-9a-f]{40}$/)
    expect(doc!._id).not.toContain('jo')
  })

  it('keeps one subscription per address, whatever the case', async () => {
    expect(await storeSubscription({ email: 'jo@example.com', consent: true })).toBe('created')
    expect(await storeSubscription({ email: 'JO@example.com', consent: true })).toBe('duplicate')
    expect(lines(file)).toHaveLength(1)
  })

  it('stores each of 200 concurrent distinct sign-ups exactly once', async () => {
    const emails = Array.from({ length: 200 }, (_, i) => `person${i}@example.com`)
    const results = await Promise.all(
      [...emails, ...emails.slice(0, 50)].map((email) => storeSubscription({ email, consent: true })),
    )
    expect(results.filter((r) => r === 'created')).toHaveLength(200)
    expect(results.filter((r) => r === 'duplicate')).toHaveLength(50)
    const stored = lines(file)
    expect(stored).toHaveLength(200)
    expect(new Set(stored.map((d) => d._id))).toEqual(new Set(emails.map(subscriptionId)))
  })

  // Contact messages are kept in the database now (tests/unit/db/contact-messages.test.ts).
  it("finds and erases an address's sign-up, whatever the case, keeping everyone else's", async () => {
    await storeSubscription({ email: 'Jo@Example.com', consent: true })
    await storeSubscription({ email: 'kim@example.com', consent: true })
    expect((await findSubmissionsByEmail('JO@example.com')).map((doc) => doc._type)).toEqual(['subscription'])

    expect(await eraseSubmissionsByEmail('jo@example.com')).toBe(1)

    expect(lines(file).map((doc) => doc.email)).toEqual(['kim@example.com'])
    expect(await findSubmissionsByEmail('jo@example.com')).toEqual([])
    // Erased means forgotten: the address may sign up again.
    expect(await storeSubscription({ email: 'jo@example.com', consent: true })).toBe('created')
  })
})
