import { statSync } from 'node:fs'
import { evaluate, parse } from 'groq-js'
import { unstable_cache } from 'next/cache'
import type { ClientReturn, QueryParams } from '@sanity/client'
import { isDraftMode } from './draft'
import { isProduction, readContentSource, readPreviewConfig, type ContentSource } from '@/config'
import { loadSeedDataset, resolveSeedPath } from './local-dataset'
import * as catalogueQueries from './catalogue-queries'
import * as copyQueries from './copy-queries'
import * as pageQueries from './queries'
import { draftClient, publishedClient } from './sanity-client'
import { isPlainRead } from './stega'

/**
 * The one path to content. Runs a GROQ query against Sanity when a project is configured, or
 * against the seed dataset with groq-js otherwise. Either way only published documents are seen.
 */
export class ContentError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'ContentError'
  }
}

const queryNames = new Map<string, string>(
  Object.entries({ ...pageQueries, ...copyQueries, ...catalogueQueries }).flatMap(([name, value]) =>
    typeof value === 'string' ? [[value, name]] : [],
  ),
)

export function nameOfQuery(query: string): string {
  return queryNames.get(query) ?? `${query.replace(/\s+/g, ' ').slice(0, 60)}…`
}

/** `live`: the published documents as they are now, past every cache (the proxy's own reads). */
type FetchOptions = { params?: QueryParams; tags?: string[]; source?: ContentSource; live?: boolean }

export async function fetchQuery<const Q extends string>(
  query: Q,
  { params = {}, tags = [], source = readContentSource(), live = false }: FetchOptions = {},
): Promise<ClientReturn<Q, unknown>> {
  try {
    if (live) {
      if (source.kind === 'sanity') return await publishedClient(source).fetch(query, params, { cache: 'no-store' })
      return (await evaluateLocally(query, params, source.datasetPath)) as ClientReturn<Q, unknown>
    }
    if (source.kind === 'sanity') {
      const preview = (await isDraftMode()) ? readPreviewConfig() : null
      if (preview) {
        // Editors previewing drafts: uncached, with source maps encoded for Visual Editing overlays
        // except where the result is read for metadata or structured data.
        return await draftClient(source, preview).fetch(query, params, { cache: 'no-store', stega: !isPlainRead() })
      }
      return await publishedClient(source).fetch(query, params, {
        cache: 'force-cache',
        next: { tags },
      })
    }
    return (await evaluateLocallyCached(query, params, tags, source.datasetPath)) as ClientReturn<Q, unknown>
  } catch (error) {
    throw new ContentError(`Query ${nameOfQuery(query)} failed: ${(error as Error).message}`, { cause: error })
  }
}

/** Fails loudly, naming the document, when content the site cannot render without is missing. */
export function requireContent<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) {
    throw new ContentError(
      `Required content is missing: ${what}. Publish it in the Studio, or load the seed with npm run seed:import.`,
    )
  }
  return value
}

// In production the seed's answers go into Next's data cache under the same tags as Sanity's, so
// the revalidation webhook refreshes a served page after a seed edit; in development every load
// reads the file afresh. The file's modification time is part of the key: the data cache outlives
// a rebuild, and a build after a seed edit must not be served the old answers.
function evaluateLocallyCached(query: string, params: QueryParams, tags: string[], datasetPath?: string) {
  if (!isProduction()) return evaluateLocally(query, params, datasetPath)
  const file = resolveSeedPath(datasetPath)
  return unstable_cache(
    () => evaluateLocally(query, params, datasetPath),
    ['seed', query, JSON.stringify(params), file, String(statSync(file).mtimeMs)],
    {
      tags,
    },
  )()
}

type ParsedQuery = { tree: ReturnType<typeof parse>; params: string[] }
const parsed = new Map<string, ParsedQuery>()

async function evaluateLocally(query: string, params: QueryParams, datasetPath?: string): Promise<unknown> {
  const dataset = loadSeedDataset(resolveSeedPath(datasetPath))
  let entry = parsed.get(query)
  if (!entry) {
    const tree = parse(query)
    entry = { tree, params: parameterNames(tree) }
    parsed.set(query, entry)
  }
  // Sanity refuses a query whose parameters are missing; groq-js would quietly read them as null.
  const missing = entry.params.find((name) => !(name in params))
  if (missing) throw new Error(`param $${missing} referenced, but not provided`)
  const value = await evaluate(entry.tree, { dataset, params })
  return value.get()
}

function parameterNames(node: unknown, names = new Set<string>()): string[] {
  if (Array.isArray(node)) node.forEach((child) => parameterNames(child, names))
  else if (node && typeof node === 'object') {
    const { type, name } = node as { type?: string; name?: unknown }
    if (type === 'Parameter' && typeof name === 'string') names.add(name)
    Object.values(node).forEach((child) => parameterNames(child, names))
  }
  return [...names]
}
