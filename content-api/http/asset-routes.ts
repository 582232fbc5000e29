import { createReadStream, existsSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { readImageFacts } from '../image-files'
import { requireDataset, type Route, type ServerContext } from './context'
import { readBody, sendJson, type Exchange } from './exchange'

/**
 * Image upload as `POST /vX/assets/images/:dataset?filename=…` takes it: the file goes into the
 * dataset's images folder and a `sanity.imageAsset` document is created, or the existing one is
 * returned for the same bytes. Files are served at the CDN's path; transformations in the query
 * (w, h, fit, auto) are ignored and the original is sent.
 */
export const assetRoutes: Route[] = [{ method: 'POST', pattern: /^\/assets\/images\/([^/]+)$/, handle: upload }]

/** Served without a `/v…` prefix, like cdn.sanity.io. */
export const cdnRoute = /^\/images\/([^/]+)\/([^/]+)\/([^/?]+)$/

async function upload(exchange: Exchange, context: ServerContext) {
  requireDataset(exchange, context)
  const body = await readBody(exchange.req)
  const original = path.basename(exchange.url.searchParams.get('filename') || 'upload')
  const facts = readImageFacts(body, original)
  const stem =
    path
      .basename(original, path.extname(original))
      .replace(/[^\w-]+/g, '-')
      .slice(0, 60) || 'image'
  const fileName = `${stem}-${facts.sha1hash.slice(0, 10)}.${facts.extension}`
  const { assets, store } = context.data
  const known = assets.documents().find((document) => document.sha1hash === facts.sha1hash)
  if (known) return sendJson(exchange.res, 200, { document: store.get(known._id) ?? known })
  const filePath = assets.pathOf(fileName)
  if (!existsSync(filePath)) writeFileSync(filePath, body)
  const asset = assets.register(fileName, body, new Date().toISOString())
  const { value } = store.transact((tx) => tx.mutate({ createIfNotExists: asset }), { identity: context.user.id })
  sendJson(exchange.res, 200, { document: value.document })
}

export function serveImage(exchange: Exchange, context: ServerContext, match: RegExpExecArray): void {
  const [, projectId, dataset, name] = match
  const file =
    projectId === context.projectId && dataset === context.datasetName
      ? context.data.assets.fileFor(name ?? '')
      : undefined
  if (!file) return sendJson(exchange.res, 404, { error: { type: 'notFound', description: 'No such image' } })
  exchange.res.writeHead(200, { 'content-type': file.mimeType, 'cache-control': 'public, max-age=31536000, immutable' })
  const stream = createReadStream(file.path)
  stream.on('data', (chunk) => exchange.res.write(chunk))
  stream.on('end', () => exchange.res.end())
  stream.on('error', () => exchange.res.end())
}
