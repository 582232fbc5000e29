import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { isValidSignature, SIGNATURE_HEADER_NAME } from '@sanity/webhook'
import { applyAction } from '../../../content-api/actions'
import { sendWebhooks, type Delivery } from '../../../content-api/webhook'
import { openSeedCopy, type SeedCopy } from '../../support/content-api-fixture'

const SECRET = 'unit-test-webhook-secret'

type Received = { body: string; signature: string; valid: boolean }

let seed: SeedCopy
let site: Server
let url: string
let received: Received[]
let status: number

beforeEach(async () => {
  seed = openSeedCopy()
  received = []
  status = 200
  // A stand-in for the site's /api/revalidate that checks the signature as the site does.
  site = createServer(async (req, res) => {
    let body = ''
    for await (const chunk of req) body += chunk
    const signature = String(req.headers[SIGNATURE_HEADER_NAME] ?? '')
    received.push({ body, signature, valid: await isValidSignature(body, signature, SECRET) })
    res.writeHead(status, { 'content-type': 'application/json' }).end('{}')
  })
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(site.address() as AddressInfo).port}/api/revalidate`
})

afterEach(async () => {
  await new Promise((resolve) => site.close(resolve))
  seed.remove()
})

const edit = (publishedId: string, set: Record<string, unknown>) => ({
  actionType: 'sanity.action.document.edit' as const,
  publishedId,
  draftId: `drafts.${publishedId}`,
  patch: { set },
})

function deliveries(count: number): Promise<Delivery[]> {
  const seen: Delivery[] = []
  return new Promise((resolve) => {
    sendWebhooks(seed.store, { url, secret: SECRET }, (delivery) => {
      seen.push(delivery)
      if (seen.length === count) resolve(seen)
    })
  })
}

describe('the publish webhook', () => {
  it('sends one signed {_type, _id} call per published document, and nothing for drafts', async () => {
    const done = deliveries(1)
    // Deliveries go in commit order, so a call for the draft would arrive before the publish's.
    seed.store.transact((tx) => applyAction(tx, edit('siteSettings', { contactPhone: '0161 496 0555' })))
    seed.store.transact((tx) =>
      applyAction(tx, {
        actionType: 'sanity.action.document.publish',
        draftId: 'drafts.siteSettings',
        publishedId: 'siteSettings',
      }),
    )
    expect(await done).toEqual([{ id: 'siteSettings', type: 'siteSettings', status: 200, ms: expect.any(Number) }])
    expect(received).toEqual([
      {
        body: JSON.stringify({ _type: 'siteSettings', _id: 'siteSettings' }),
        signature: expect.any(String),
        valid: true,
      },
    ])
  })

  it('sends a deleted document too, and reports a site that refuses or cannot be reached', async () => {
    status = 401
    const done = deliveries(1)
    seed.store.transact((tx) => tx.mutate({ delete: { id: 'make-oneplus' } }))
    expect(await done).toEqual([{ id: 'make-oneplus', type: 'deviceMake', status: 401, ms: expect.any(Number) }])

    await new Promise((resolve) => site.close(resolve))
    site.listen(0)
    const unreachable = deliveries(1)
    seed.store.transact((tx) => tx.mutate({ patch: { id: 'make-apple', set: { name: 'Apple Inc.' } } }))
    expect(await unreachable).toEqual([
      {
        id: 'make-apple',
        type: 'deviceMake',
        status: null,
        ms: expect.any(Number),
        error: expect.stringMatching(/ECONNREFUSED/),
      },
    ])
  })
})
