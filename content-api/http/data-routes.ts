import { applyAction, type Action } from '../actions'
import { badRequest } from '../errors'
import { paramsFromSearch, runQuery } from '../query'
import type { DocumentMutation } from '../types'
import { requireDataset, type Route, type ServerContext } from './context'
import { readJson, sendJson, type Exchange } from './exchange'
import { listen } from './listen-route'

/** The document API: query, doc, actions, mutate, listen, and history answered as empty. */
export const dataRoutes: Route[] = [
  { method: 'GET', pattern: /^\/data\/query\/([^/]+)$/, handle: query },
  { method: 'POST', pattern: /^\/data\/query\/([^/]+)$/, handle: query },
  { method: 'GET', pattern: /^\/data\/doc\/([^/]+)\/([^/]+)$/, handle: documents },
  { method: 'POST', pattern: /^\/data\/actions\/([^/]+)$/, handle: actions },
  { method: 'POST', pattern: /^\/data\/mutate\/([^/]+)$/, handle: mutate },
  { method: 'GET', pattern: /^\/data\/listen\/([^/]+)$/, handle: listen },
  // No history is kept: no transactions to list, no earlier revision to return.
  { method: 'GET', pattern: /^\/data\/history\/([^/]+)\/transactions\/[^/]+$/, handle: emptyTransactions },
  { method: 'GET', pattern: /^\/data\/history\/([^/]+)\/documents\/[^/]+$/, handle: noRevisions },
  { method: 'GET', pattern: /^\/data\/history\/([^/]+)\/events\/documents\/[^/]+$/, handle: noEvents },
]

async function query(exchange: Exchange, context: ServerContext) {
  requireDataset(exchange, context)
  const { url, req, apiVersion } = exchange
  const body =
    req.method === 'POST'
      ? await readJson<{ query?: unknown; params?: Record<string, unknown> }>(req)
      : { query: url.searchParams.get('query'), params: paramsFromSearch(url.searchParams) }
  if (typeof body.query !== 'string') throw badRequest('Missing "query"', 'queryParseError')
  const result = await runQuery(context.data.store, {
    query: body.query,
    params: body.params ?? {},
    perspective: url.searchParams.get('perspective'),
    apiVersion,
  })
  sendJson(
    exchange.res,
    200,
    url.searchParams.get('returnQuery') === 'false' ? { ...result, query: undefined } : result,
  )
}

function documents(exchange: Exchange, context: ServerContext) {
  requireDataset(exchange, context)
  const ids = decodeURIComponent(exchange.params[1] ?? '').split(',')
  const found = ids.map((id) => context.data.store.get(id))
  sendJson(exchange.res, 200, {
    documents: found.filter((document) => document !== null),
    omitted: ids.filter((_, index) => !found[index]).map((id) => ({ id, reason: 'existence' })),
  })
}

async function actions(exchange: Exchange, context: ServerContext) {
  requireDataset(exchange, context)
  const body = await readJson<{ actions?: unknown; transactionId?: string; dryRun?: boolean }>(exchange.req)
  const list = Array.isArray(body.actions) ? (body.actions as Action[]) : body.actions ? [body.actions as Action] : []
  if (list.length === 0) throw badRequest('No actions given')
  const { commit } = context.data.store.transact((tx) => list.forEach((action) => applyAction(tx, action)), {
    transactionId: body.transactionId,
    identity: context.user.id,
    dryRun: body.dryRun,
  })
  sendJson(exchange.res, 200, { transactionId: commit.transactionId })
}

async function mutate(exchange: Exchange, context: ServerContext) {
  requireDataset(exchange, context)
  const { searchParams } = exchange.url
  const body = await readJson<{ mutations?: unknown; transactionId?: string }>(exchange.req)
  if (!Array.isArray(body.mutations) || body.mutations.length === 0) throw badRequest('No mutations given')
  const mutations = body.mutations as DocumentMutation[]
  const { commit, value } = context.data.store.transact((tx) => mutations.map((mutation) => tx.mutate(mutation)), {
    transactionId: body.transactionId,
    identity: context.user.id,
    dryRun: searchParams.get('dryRun') === 'true',
  })
  const returnDocuments = searchParams.get('returnDocuments') === 'true'
  sendJson(exchange.res, 200, {
    transactionId: commit.transactionId,
    results: value.map(({ id, operation, document }) => ({
      id,
      operation,
      ...(returnDocuments && document ? { document } : {}),
    })),
  })
}

function emptyTransactions(exchange: Exchange, context: ServerContext) {
  requireDataset(exchange, context)
  exchange.res.writeHead(200, { 'content-type': 'application/x-ndjson' })
  exchange.res.end('')
}

function noRevisions(exchange: Exchange, context: ServerContext) {
  requireDataset(exchange, context)
  sendJson(exchange.res, 200, { documents: [] })
}

/** The document's history panel: no events, and no further page of them. */
function noEvents(exchange: Exchange, context: ServerContext) {
  requireDataset(exchange, context)
  sendJson(exchange.res, 200, { events: {}, nextCursor: '' })
}
