import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import type { ClientHttp2Session } from 'node:http2'
import { request as httpsRequest } from 'node:https'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { applyPatch } from 'mendoza'
import { createContentApiServer, type ContentApiServer } from '../../../content-api/http/server'
import { ensureCertificate, type Certificate } from '../../../content-api/http/tls'
import { listen, openSession, request } from '../../support/content-api-client'
import { openSeedCopy, type SeedCopy } from '../../support/content-api-fixture'

const V = '/v2025-09-01'
const STUDIO = 'http://localhost:3333'
let seed: SeedCopy
let certFolder: string
let certificate: Certificate
let api: ContentApiServer
let origin: string
let session: ClientHttp2Session

beforeAll(async () => {
  seed = openSeedCopy()
  certFolder = mkdtempSync(path.join(tmpdir(), 'content-api-cert-'))
  certificate = ensureCertificate(certFolder)
  api = createContentApiServer({
    data: seed,
    projectId: 'test-project',
    datasetName: 'production',
    tls: certificate,
    onUnanswered: () => {},
  })
  origin = `https://localhost:${await api.listen(0)}`
  session = openSession(origin, certificate.cert)
})

afterAll(async () => {
  session.close()
  await api.close()
  seed.remove()
  rmSync(certFolder, { recursive: true, force: true })
})

const get = (path: string, headers?: Record<string, string>) => request(session, 'GET', path, { headers })
const post = (path: string, body: unknown, headers?: Record<string, string>) =>
  request(session, 'POST', path, { body, headers })
const queryPath = (query: string, params: Record<string, unknown> = {}, perspective = 'published') =>
  `${V}/data/query/production?${new URLSearchParams({
    query,
    perspective,
    ...Object.fromEntries(Object.entries(params).map(([key, value]) => [`$${key}`, JSON.stringify(value)])),
  })}`
const edit = (publishedId: string, set: Record<string, unknown>) => ({
  actionType: 'sanity.action.document.edit',
  publishedId,
  draftId: `drafts.${publishedId}`,
  patch: { set },
})

describe('the content API over HTTP/2', () => {
  it('answers the calls the Studio makes before it shows content, as a signed-in administrator', async () => {
    const paths = [
      `${V}/users/me`,
      `${V}/projects/test-project`,
      `${V}/projects/test-project/grants`,
      `${V}/projects/test-project/datasets`,
      `${V}/projects/test-project/datasets/production/acl`,
      `${V}/projects/test-project/user-applications`,
      `${V}/users/me/keyvalue/studio.a,studio.b`,
      `/v1/ping`,
      `/v1/help`,
      `${V}/features`,
      `${V}/schedules/test-project/production?limit=1`,
    ]
    const replies = await Promise.all(paths.map((path) => get(path)))

    expect(replies.map((reply) => reply.status)).toEqual(paths.map(() => 200))
    expect(replies[0]?.json()).toMatchObject({ id: expect.any(String), role: 'administrator' })
    expect(replies[4]?.json()).toContainEqual(
      expect.objectContaining({ permissions: expect.arrayContaining(['update']) }),
    )
    // Without the deployStudio grant the Studio does not try to upload its schema descriptor.
    expect(JSON.stringify(replies[2]?.json())).not.toContain('deployStudio')
    // The Studio's telemetry: refused consent, and a batch sent anyway is taken and dropped.
    expect((await get(`/v2023-12-18/intake/telemetry-status`)).json()).toEqual({ status: 'denied' })
    expect((await post(`/v2023-12-18/intake/batch`, { batch: [{ type: 'log', event: 'x' }] })).status).toBe(200)
    expect(api.unanswered).toEqual([])
  })

  it("answers a document's history as empty: no events, no transactions, no earlier revisions", async () => {
    const events = await get(`${V}/data/history/production/events/documents/drafts.siteSettings?limit=100`)
    expect(events.status).toBe(200)
    expect(events.json()).toEqual({ events: {}, nextCursor: '' })
    expect((await get(`${V}/data/history/production/transactions/siteSettings?excludeContent=true`)).status).toBe(200)
    expect((await get(`${V}/data/history/production/documents/siteSettings?revision=x`)).json()).toEqual({
      documents: [],
    })
    expect(api.unanswered).toEqual([])
  })

  it('stores the Studio key-value settings it writes', async () => {
    const put = await request(session, 'PUT', `${V}/users/me/keyvalue`, {
      body: [{ key: 'studio.a', value: { x: 1 } }],
    })
    expect(put.status).toBe(200)
    expect((await get(`${V}/users/me/keyvalue/studio.a`)).json()).toEqual([{ key: 'studio.a', value: { x: 1 } }])
  })

  it('runs GROQ queries by GET with $params and by POST, in the perspective asked for', async () => {
    const byGet = await get(queryPath('*[_id == $id][0].name', { id: 'make-apple' }))
    expect(byGet.json()).toMatchObject({ result: 'Apple', ms: expect.any(Number) })

    const byPost = await post(`${V}/data/query/production?perspective=raw`, {
      query: 'count(*[_type == $type])',
      params: { type: 'deviceMake' },
    })
    expect(byPost.json()).toMatchObject({ result: 4 })

    // The Studio's document lists page with parameters in the slice, which the Content Lake allows.
    const page = await get(
      queryPath('*[_type == "deviceMake"] | order(name asc)[$from...$to].name', { from: 1, to: 3 }),
    )
    expect(page.json()).toMatchObject({ result: ['Google', 'OnePlus'] })

    expect((await get(queryPath('*[', {}))).status).toBe(400)
    expect((await get(`${V}/data/listen/production?query=*%5B`)).status).toBe(400)
    expect((await get(`${V}/data/query/staging?query=1`)).status).toBe(404)
  })

  it('returns documents by id, naming those that do not exist', async () => {
    const reply = await get(`${V}/data/doc/production/make-apple,drafts.make-apple`)
    expect(reply.json()).toMatchObject({
      documents: [{ _id: 'make-apple', name: 'Apple', _rev: expect.any(String) }],
      omitted: [{ id: 'drafts.make-apple', reason: 'existence' }],
    })
  })

  it('commits actions under the client transaction id and refuses a stale publish with 409, changing nothing', async () => {
    const published = (await get(`${V}/data/doc/production/make-google`)).json() as {
      documents: Array<{ _rev: string }>
    }
    const editReply = await post(`${V}/data/actions/production`, {
      transactionId: 'studio-tx-1',
      actions: [edit('make-google', { name: 'Google (edited)' })],
    })
    expect(editReply.json()).toEqual({ transactionId: 'studio-tx-1' })

    const stale = await post(`${V}/data/actions/production`, {
      actions: [
        {
          actionType: 'sanity.action.document.publish',
          publishedId: 'make-google',
          draftId: 'drafts.make-google',
          ifPublishedRevisionId: 'an-older-revision',
        },
      ],
    })
    expect(stale.status).toBe(409)
    expect(stale.json()).toMatchObject({ error: { type: 'mutationError' } })

    const after = (await get(queryPath('*[_id == "make-google"][0].name', {}, 'drafts'))).json()
    expect(after).toMatchObject({ result: 'Google (edited)' })
    const stillPublished = (await get(`${V}/data/doc/production/make-google`)).json()
    expect(stillPublished).toEqual(published)
  })

  it('runs data/mutate with returned documents and 409 on a stale ifRevisionID', async () => {
    const created = await post(`${V}/data/mutate/production?returnIds=true&returnDocuments=true`, {
      mutations: [{ create: { _id: 'make-nokia', _type: 'deviceMake', name: 'Nokia' } }],
    })
    const body = created.json() as { transactionId: string; results: Array<Record<string, unknown>> }
    expect(body.results).toEqual([
      { id: 'make-nokia', operation: 'create', document: expect.objectContaining({ _rev: body.transactionId }) },
    ])

    const stale = await post(`${V}/data/mutate/production`, {
      mutations: [{ patch: { id: 'make-nokia', ifRevisionID: 'old', set: { name: 'Old' } } }],
    })
    expect(stale.status).toBe(409)
    expect(readFileSync(seed.file, 'utf8')).toContain('"name":"Nokia"')
  })

  it('keeps more than six event streams open on one connection and sends mutation events with effects', async () => {
    const ids = JSON.stringify(['make-samsung', 'drafts.make-samsung'])
    const streams = Array.from({ length: 8 }, () =>
      listen(
        session,
        `${V}/data/listen/production?${new URLSearchParams({ query: '*[_id in $ids]', $ids: ids, effectFormat: 'mendoza', includeResult: 'false' })}`,
      ),
    )
    await Promise.all(streams.map((stream) => stream.next('welcome')))

    const last = streams[7]!
    const mutation = last.next('mutation')
    await post(`${V}/data/actions/production`, { actions: [edit('make-samsung', { name: 'Samsung (edited)' })] })
    const event = await mutation
    streams.forEach((stream) => stream.close())

    expect(event).toMatchObject({ documentId: 'drafts.make-samsung', transition: 'appear' })
    const draft = (await get(`${V}/data/doc/production/drafts.make-samsung`)).json() as {
      documents: Array<Record<string, unknown>>
    }
    const { _rev, ...withoutRev } = draft.documents[0] ?? {}
    expect(_rev).toBe(event.resultRev)
    expect(applyPatch(null, (event.effects as { apply: unknown[] }).apply)).toEqual(withoutRev)
  })

  it('stores an uploaded image beside the dataset and serves it at its CDN path', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="30" height="20"><rect width="30" height="20"/></svg>',
    )
    const reply = await request(session, 'POST', `${V}/assets/images/production?filename=badge.svg`, {
      body: svg,
      headers: { 'content-type': 'image/svg+xml' },
    })
    const { document } = reply.json() as { document: { _id: string; url: string; path: string } }
    expect(document._id).toMatch(/^image-[0-9a-f]{40}-30x20-svg$/)
    expect((await get(`${V}/data/doc/production/${document._id}`)).json()).toMatchObject({
      documents: [{ _id: document._id }],
    })

    const served = await get(`/${document.path}?w=100&auto=format`)
    expect(served.status).toBe(200)
    expect(served.headers['content-type']).toBe('image/svg+xml')
    expect(served.text).toBe(svg.toString())
  })

  it('answers CORS for the Studio origin with credentials and refuses other origins', async () => {
    const preflight = await request(session, 'OPTIONS', `${V}/data/actions/production`, {
      headers: {
        origin: STUDIO,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers['access-control-allow-origin']).toBe(STUDIO)
    expect(preflight.headers['access-control-allow-credentials']).toBe('true')

    const foreign = await post(
      `${V}/data/mutate/production`,
      { mutations: [{ delete: { id: 'make-apple' } }] },
      { origin: 'https://elsewhere.example' },
    )
    expect(foreign.status).toBe(403)
    expect((await get(`${V}/data/doc/production/make-apple`)).json()).toMatchObject({
      documents: [{ _id: 'make-apple' }],
    })
  })

  it('answers an unknown path 404 and records it, apart from the ones the Studio tolerates', async () => {
    expect((await get(`${V}/projects/test-project/something-new`)).status).toBe(404)
    expect((await get(`${V}/journey/projects/test-project/getting-started`)).status).toBe(404)
    expect(api.unanswered).toEqual([{ method: 'GET', path: `${V}/projects/test-project/something-new` }])
    expect(api.tolerated).toContainEqual({ method: 'GET', path: `${V}/journey/projects/test-project/getting-started` })
    expect((await get('/__content-api/requests')).json()).toMatchObject({ unanswered: api.unanswered })
  })

  it('still answers HTTP/1.1 clients', async () => {
    const body = await new Promise<string>((resolve, reject) => {
      httpsRequest(`${origin}${V}/users/me`, { ca: certificate.cert }, (res) => {
        let text = ''
        res.on('data', (chunk: Buffer) => (text += chunk))
        res.on('end', () => resolve(`${res.httpVersion} ${res.statusCode} ${text}`))
      })
        .on('error', reject)
        .end()
    })
    expect(body).toMatch(/^1\.1 200 \{"id":/)
  })
})
