import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { evaluate, parse } from 'groq-js'
import type { Doc } from './seed-copy'

/**
 * A local stand-in for Sanity's query and mutate APIs, for a tool that patches or deletes existing
 * documents (the shared sanity-stand-in only creates). Like the Content Lake it gives every document
 * a _rev, hides dotted ids under the "published" perspective and from a query without the token,
 * applies a transaction all or nothing, and refuses a patch whose ifRevisionID is stale.
 */
export type PatchStandIn = {
  url: string
  /** Mutation bodies received, with the bearer token each came with. */
  transactions: Array<{ token: string | null; mutations: Mutation[] }>
  document: (id: string) => Doc | undefined
  /** Runs once, after the next query is answered: a Studio edit landing mid-import. */
  afterNextQuery: (() => void) | null
  /** Saves a document as an editor would, giving it a new revision. */
  save: (doc: Doc) => void
  close: () => Promise<void>
}
type Stored = Doc & { _rev: string }
type Mutation = {
  patch?: { id: string; ifRevisionID?: string; set?: Record<string, unknown> }
  delete?: { id: string }
}

export async function startPatchStandIn(documents: Doc[], dataset: string, token: string): Promise<PatchStandIn> {
  let revision = 0
  const nextRev = () => `rev${++revision}`
  const store = new Map<string, Stored>(documents.map((doc) => [doc._id, { ...doc, _rev: nextRev() }]))

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in')
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(body))
    }
    const [, kind, name] = /^\/v[\d-]+\/data\/(query|mutate)\/([\w-]+)$/.exec(url.pathname) ?? []
    if (name !== dataset) return send(404, { error: 'Not Found', message: `Dataset not found: ${name}` })

    if (kind === 'mutate' && req.method === 'POST') {
      const bearer = req.headers.authorization?.replace(/^Bearer /, '') ?? null
      if (bearer !== token) return send(401, { error: 'Unauthorized', message: 'Unauthorized - Session not found' })
      const { mutations } = JSON.parse(await readText(req)) as { mutations: Mutation[] }
      standIn.transactions.push({ token: bearer, mutations })
      const updated: Stored[] = []
      const deleted: string[] = []
      for (const { patch, delete: remove } of mutations) {
        if (remove && store.has(remove.id)) {
          deleted.push(remove.id)
          continue
        }
        const doc = patch && store.get(patch.id)
        if (!patch || !doc) {
          return send(400, mutationError(`Only patches and deletes of existing documents are supported here`))
        }
        if (patch.ifRevisionID && patch.ifRevisionID !== doc._rev) {
          return send(409, mutationError(`Document "${patch.id}" has unexpected revision ID ("${doc._rev}")`))
        }
        updated.push({ ...doc, ...patch.set, _rev: nextRev() })
      }
      for (const doc of updated) store.set(doc._id, doc)
      for (const id of deleted) store.delete(id)
      const results = [
        ...updated.map((doc) => ({ id: doc._id, operation: 'update' })),
        ...deleted.map((id) => ({ id, operation: 'delete' })),
      ]
      return send(200, { transactionId: `tx${standIn.transactions.length}`, results })
    }

    if (kind !== 'query') return send(405, { error: 'Method Not Allowed' })
    const query = url.searchParams.get('query') ?? ''
    const published = url.searchParams.get('perspective') === 'published'
    const signedIn = req.headers.authorization === `Bearer ${token}`
    const visible = [...store.values()].filter((doc) => (signedIn && !published) || !doc._id.includes('.'))
    const result = await (await evaluate(parse(query), { dataset: visible })).get()
    send(200, { query, result, ms: 1 })
    const after = standIn.afterNextQuery
    standIn.afterNextQuery = null
    after?.()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const standIn: PatchStandIn = {
    url: `http://127.0.0.1:${port}`,
    transactions: [],
    document: (id) => store.get(id),
    afterNextQuery: null,
    save: (doc) => store.set(doc._id, { ...doc, _rev: nextRev() }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
  return standIn
}

function mutationError(description: string) {
  return { error: { type: 'mutationError', description } }
}

async function readText(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}
