import type { DocumentStore } from './document-store'
import { ContentApiError } from './errors'
import { parseGroq, runGroq } from './groq'
import { inPerspective, parsePerspective } from './perspectives'

export type QueryRequest = {
  query: string
  params: Record<string, unknown>
  perspective: string | null
  apiVersion: string
}

/** Runs a GROQ query over the store as `GET|POST /vX/data/query/:dataset` does, in the perspective asked for. */
export async function runQuery(store: DocumentStore, request: QueryRequest) {
  const started = performance.now()
  const dataset = inPerspective(store.all(), parsePerspective(request.perspective, request.apiVersion))
  let tree
  try {
    tree = parseGroq(request.query, request.params)
  } catch (error) {
    throw new ContentApiError(400, 'queryParseError', (error as Error).message)
  }
  let result
  try {
    result = await runGroq(tree, { dataset, params: request.params })
  } catch (error) {
    // groq-js fails at evaluation for functions it lacks; the Content Lake would answer 400 too.
    throw new ContentApiError(400, 'queryExecutionError', (error as Error).message)
  }
  return { query: request.query, result, ms: Math.round(performance.now() - started) }
}

/** `$name=<JSON>` search parameters, as @sanity/client encodes them. */
export function paramsFromSearch(search: URLSearchParams): Record<string, unknown> {
  const params: Record<string, unknown> = {}
  for (const [key, value] of search) {
    if (!key.startsWith('$')) continue
    try {
      params[key.slice(1)] = JSON.parse(value)
    } catch {
      throw new ContentApiError(400, 'queryParseError', `Parameter ${key} is not valid JSON`)
    }
  }
  return params
}
