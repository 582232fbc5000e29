import type { Server as HttpServer } from 'node:http'
import { createSecureServer, type Http2SecureServer } from 'node:http2'
import type { AddressInfo, Socket } from 'node:net'
import type { OpenDataset } from '../dataset'
import { assetRoutes, cdnRoute, serveImage } from './asset-routes'
import type { LocalUser, Route, ServerContext } from './context'
import { handleCors } from './cors'
import { dataRoutes } from './data-routes'
import { sendError, sendJson, type Request, type Response } from './exchange'
import { projectRoutes } from './project-routes'

export type ServerOptions = {
  data: OpenDataset
  projectId: string
  datasetName: string
  tls: { key: Buffer; cert: Buffer }
  user?: LocalUser
  extraOrigins?: string[]
  /** Told of each request no route answers; prints a warning unless replaced. */
  onUnanswered?: (request: RecordedRequest) => void
}

export type RecordedRequest = { method: string; path: string }

export type ContentApiServer = {
  server: Http2SecureServer
  /** Requests no route answers (404): the part of Sanity's API the Studio used that this lacks. */
  unanswered: RecordedRequest[]
  /** Requests answered 404 on purpose, because the Studio carries on without them. */
  tolerated: RecordedRequest[]
  listen: (port: number, host?: string) => Promise<number>
  close: () => Promise<void>
}

const ROUTES: Route[] = [...dataRoutes, ...assetRoutes, ...projectRoutes]
const VERSIONED = /^\/v(\d{4}-\d{2}-\d{2}|\d+|X)(\/.*)$/
// Journeys (onboarding) and the presence socket: the Studio works without them. The CORS check is
// a diagnosis the Studio asks for only after one of its requests failed (seen once in CI under
// load), to tell a CORS refusal from a network error; this API allows the Studio's origin, so a
// 404 there leaves the Studio reporting the network error, which is the truth.
const TOLERATED = [/^\/journey\//, /^\/socket\//, /^\/presence\//, /^\/check\/cors$/]

export const DEFAULT_USER: LocalUser = { id: 'pLocalEditor', name: 'Local editor', email: 'editor@localhost' }

/**
 * One HTTP/2 server (with HTTP/1.1 for clients that lack it) that answers the parts of Sanity's
 * HTTP API the Studio uses, for one project and one dataset. The inspection path
 * `/__content-api/requests` lists what went unanswered, for tests.
 */
export function createContentApiServer(options: ServerOptions): ContentApiServer {
  const context: ServerContext = {
    projectId: options.projectId,
    datasetName: options.datasetName,
    data: options.data,
    user: options.user ?? DEFAULT_USER,
    keyValues: new Map(),
  }
  const unanswered: RecordedRequest[] = []
  const tolerated: RecordedRequest[] = []
  const extraOrigins = options.extraOrigins ?? []
  const onUnanswered =
    options.onUnanswered ?? (({ method, path }) => console.warn(`content-api: no answer for ${method} ${path}`))

  const handle = async (req: Request, res: Response) => {
    try {
      if (!handleCors(req, res, extraOrigins)) return
      const url = new URL(req.url ?? '/', 'https://content-api.localhost')
      const method = req.method ?? 'GET'
      if (url.pathname === '/__content-api/requests') return sendJson(res, 200, { unanswered, tolerated })
      const cdn = cdnRoute.exec(url.pathname)
      if (cdn && method === 'GET') return serveImage({ req, res, url, apiVersion: '1', params: [] }, context, cdn)
      const versioned = VERSIONED.exec(url.pathname)
      const apiVersion = versioned?.[1] ?? ''
      const rest = versioned?.[2] ?? url.pathname
      for (const route of ROUTES) {
        if (!versioned || route.method !== method) continue
        const match = route.pattern.exec(rest)
        if (match) return await route.handle({ req, res, url, apiVersion, params: match.slice(1) }, context)
      }
      const entry = { method, path: url.pathname }
      const isTolerated = TOLERATED.some((pattern) => pattern.test(rest))
      ;(isTolerated ? tolerated : unanswered).push(entry)
      if (!isTolerated) onUnanswered(entry)
      sendJson(res, 404, {
        error: { type: 'notFound', description: `${method} ${url.pathname} is not served by the local content API` },
      })
    } catch (error) {
      if (!res.headersSent) sendError(res, error)
      else res.end()
    }
  }

  const server = createSecureServer({ allowHTTP1: true, key: options.tls.key, cert: options.tls.cert }, (req, res) => {
    void handle(req as unknown as Request, res as unknown as Response)
  })
  // A WebSocket (the Studio's presence) arrives as an HTTP/1.1 upgrade: refuse it, and say so.
  ;(server as unknown as HttpServer).on('upgrade', (req: Request, socket: Socket) => {
    tolerated.push({ method: 'UPGRADE', path: new URL(req.url ?? '/', 'https://x').pathname })
    socket.end('HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\nconnection: close\r\n\r\n')
  })
  const sessions = new Set<{ destroy: () => void }>()
  server.on('session', (session) => {
    sessions.add(session)
    session.on('close', () => sessions.delete(session))
  })
  const sockets = new Set<Socket>()
  server.on('secureConnection', (socket: Socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })

  return {
    server,
    unanswered,
    tolerated,
    listen: (port, host = '127.0.0.1') =>
      new Promise((resolve, reject) => {
        server.once('error', reject)
        server.listen(port, host, () => resolve((server.address() as AddressInfo).port))
      }),
    // Event streams never end by themselves: close every connection so close() returns.
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve())
        for (const session of sessions) session.destroy()
        for (const socket of sockets) socket.destroy()
      }),
  }
}
