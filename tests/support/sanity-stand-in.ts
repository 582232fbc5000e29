import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { evaluate, parse } from 'groq-js'
import type { Doc } from './seed-copy'

/**
 * A local stand-in for Sanity's Content Lake query API (GET and POST /vX/data/query/:dataset),
 * for tests that must not reach the network. Like the real API it holds drafts beside published
 * documents, hides them under the "published" perspective and prefers them under "drafts", and
 * it serves images the way an imported dataset does: as sanity.imageAsset documents with
 * cdn.sanity.io URLs.
 */
export type StandIn = {
  url: string
  requests: URL[]
  /** Mutations received, with the bearer token each came with. */
  mutations: Array<{ token: string | null; mutations: Array<Record<string, Doc>> }>
  close: () => Promise<void>
}

export async function startSanityStandIn(documents: Doc[], projectId: string, dataset: string): Promise<StandIn> {
  const store = withUploadedAssets(documents, projectId, dataset)
  const requests: URL[] = []
  const mutations: StandIn['mutations'] = []
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in')
    requests.push(url)
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(body))
    }
    const mutate = /^\/v[\d-]+\/data\/mutate\/([\w-]+)$/.exec(url.pathname)
    if (mutate && req.method === 'POST') {
      // Writes need a token; "create" (refusing an id that exists, as Sanity does) and "delete" by id.
      const token = req.headers.authorization?.replace(/^Bearer /, '') ?? null
      if (!token) return send(401, { error: 'Unauthorized', message: 'Unauthorized - Session not found' })
      const body = JSON.parse(await readText(req)) as { mutations: Array<Record<string, Doc>> }
      mutations.push({ token, mutations: body.mutations })
      const results = []
      for (const mutation of body.mutations) {
        const gone = (mutation.delete as { id?: string } | undefined)?.id
        if (gone) {
          const index = store.findIndex((existing) => existing._id === gone)
          if (index >= 0) store.splice(index, 1)
          results.push({ id: gone, operation: 'delete' })
          continue
        }
        const doc = mutation.create
        if (!doc)
          return send(400, {
            error: { type: 'mutationError', description: 'Only create and delete are supported here' },
          })
        if (store.some((existing) => existing._id === doc._id)) {
          return send(409, {
            error: { type: 'mutationError', description: `Document by ID "${doc._id}" already exists` },
          })
        }
        store.push(doc)
        results.push({ id: doc._id, operation: 'create', document: doc })
      }
      return send(200, { transactionId: `tx${mutations.length}`, results })
    }
    const match = /^\/v[\d-]+\/data\/query\/([\w-]+)$/.exec(url.pathname)
    if (!match || match[1] !== dataset) {
      res.writeHead(404, { 'content-type': 'application/json' })
      return res.end(JSON.stringify({ error: 'Not Found', message: `Dataset not found: ${match?.[1]}` }))
    }
    try {
      const { query, params } = req.method === 'POST' ? await readBody(req) : fromSearch(url.searchParams)
      const perspective = url.searchParams.get('perspective') ?? 'raw'
      const visible = inPerspective(store, perspective)
      const result = await (await evaluate(parse(query), { dataset: visible, params })).get()
      // Asked for a source map (draft preview's stega does), it attributes every value to one
      // document: coarser than Sanity's, enough for the client to encode its strings.
      const resultSourceMap = url.searchParams.has('resultSourceMap') ? WHOLE_RESULT_SOURCE_MAP : undefined
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ query, result, ms: 1, resultSourceMap }))
    } catch (error) {
      res.writeHead(400, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ error: { description: (error as Error).message, type: 'queryParseError' } }))
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    mutations,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

/** "published" hides every id with a dot; "drafts" lays each draft over its published document. */
function inPerspective(store: Doc[], perspective: string): Doc[] {
  if (perspective === 'published') return store.filter((doc) => !doc._id.includes('.'))
  if (perspective !== 'drafts') return store
  const drafts = new Map<string, Doc>()
  for (const doc of store) if (doc._id.startsWith('drafts.')) drafts.set(doc._id.slice('drafts.'.length), doc)
  const published = store.filter((doc) => !doc._id.startsWith('drafts.'))
  const ids = new Set(published.map((doc) => doc._id))
  return [
    ...published.map((doc) => (drafts.has(doc._id) ? { ...drafts.get(doc._id)!, _id: doc._id } : doc)),
    ...[...drafts].filter(([id]) => !ids.has(id)).map(([id, doc]) => ({ ...doc, _id: id })),
  ]
}

const WHOLE_RESULT_SOURCE_MAP = {
  documents: [{ _id: 'stand-in', _type: 'stand-in' }],
  paths: ['$'],
  mappings: { $: { type: 'value', source: { type: 'documentValue', document: 0, path: 0 } } },
}

function fromSearch(search: URLSearchParams) {
  const params: Record<string, unknown> = {}
  for (const [key, value] of search) if (key.startsWith('$')) params[key.slice(1)] = JSON.parse(value)
  return { query: search.get('query') ?? '', params }
}

async function readText(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

async function readBody(req: IncomingMessage): Promise<{ query: string; params: Record<string, unknown> }> {
  const body = JSON.parse(await readText(req)) as { query: string; params?: Record<string, unknown> }
  return { query: body.query, params: body.params ?? {} }
}

function withUploadedAssets(documents: Doc[], projectId: string, dataset: string): Doc[] {
  const assets = new Map<string, Doc>()
  const upload = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(upload)
    if (!value || typeof value !== 'object') return value
    const { _sanityAsset, ...rest } = value as Record<string, unknown>
    const out = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, upload(v)]))
    if (typeof _sanityAsset !== 'string') return out
    const file = _sanityAsset.split('/').pop() ?? 'image.svg'
    const [name, extension] = file.split('.')
    const id = `image-${name}0000000000000000-64x64-${extension}`
    assets.set(id, {
      _id: id,
      _type: 'sanity.imageAsset',
      url: `https://cdn.sanity.io/images/${projectId}/${dataset}/${name}0000000000000000-64x64.${extension}`,
    })
    return { ...out, asset: { _type: 'reference', _ref: id } }
  }
  return [...documents.map((doc) => upload(doc) as Doc), ...assets.values()]
}
