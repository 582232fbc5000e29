import { ContentApiError } from '../errors'
import { listenOptionsFrom, mutationEvents, parsedQuery, welcomeEvent, type ListenerEvent } from '../listeners'
import { paramsFromSearch } from '../query'
import { requireDataset, type ServerContext } from './context'
import type { Exchange, Response } from './exchange'

const KEEP_ALIVE_MS = 15_000

/**
 * `GET /vX/data/listen/:dataset` as server-sent events: `welcome` first, then one `mutation`
 * event per document a commit changed that matches the listener's query. Events of one
 * listener keep commit order even though matching is asynchronous.
 */
export function listen(exchange: Exchange, context: ServerContext) {
  requireDataset(exchange, context)
  const { res, url } = exchange
  const options = listenOptionsFrom(url.searchParams, paramsFromSearch(url.searchParams))
  try {
    parsedQuery(options)
  } catch (error) {
    throw new ContentApiError(400, 'queryParseError', (error as Error).message)
  }
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' })
  send(res, welcomeEvent())
  let queue = Promise.resolve()
  const unsubscribe = context.data.store.subscribe((commit) => {
    queue = queue
      .then(() => mutationEvents(commit, options))
      .then((events) => events.forEach((event) => send(res, event)))
      .catch((error: unknown) => send(res, { type: 'channelError', data: { message: String(error) } }))
  })
  const keepAlive = setInterval(() => res.write(':\n\n'), KEEP_ALIVE_MS)
  res.on('close', () => {
    clearInterval(keepAlive)
    unsubscribe()
  })
}

function send(res: Response, event: ListenerEvent | { type: 'channelError'; data: Record<string, unknown> }) {
  const id = 'id' in event && event.id ? `id: ${event.id}\n` : ''
  res.write(`event: ${event.type}\n${id}data: ${JSON.stringify(event.data)}\n\n`)
}
