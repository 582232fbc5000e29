import type { Change, Commit } from './document-store'
import { parseGroq, runGroq } from './groq'
import { randomId } from './ids'
import { mendozaEffects } from './mendoza-effects'
import type { SanityDocument } from './types'

/**
 * One `data/listen` subscription: which documents it follows (the query's filter, evaluated per
 * document as the Content Lake does) and which parts of each mutation event it asked for.
 */
export type ListenOptions = {
  query: string
  params: Record<string, unknown>
  includeResult: boolean
  includePreviousRevision: boolean
  includeMutations: boolean
  includeAllVersions: boolean
  effectFormat?: string
}

export type ListenerEvent = { type: 'welcome' | 'mutation'; id?: string; data: Record<string, unknown> }

export function listenOptionsFrom(search: URLSearchParams, params: Record<string, unknown>): ListenOptions {
  const flag = (name: string, fallback: boolean) => (search.has(name) ? search.get(name) === 'true' : fallback)
  return {
    query: search.get('query') ?? '*',
    params,
    // @sanity/client asks for results unless told not to; the API itself defaults the same way.
    includeResult: flag('includeResult', true),
    includePreviousRevision: flag('includePreviousRevision', false),
    includeMutations: flag('includeMutations', true),
    includeAllVersions: flag('includeAllVersions', false),
    effectFormat: search.get('effectFormat') ?? undefined,
  }
}

const trees = new WeakMap<ListenOptions, ReturnType<typeof parseGroq>>()

/** Parses a listener's query once; throws on a syntax error, so a listener can be refused at once. */
export function parsedQuery(options: ListenOptions) {
  const tree = trees.get(options) ?? parseGroq(options.query, options.params)
  trees.set(options, tree)
  return tree
}

export const welcomeEvent = (): ListenerEvent => ({ type: 'welcome', data: { listenerName: randomId() } })

/** The events one commit produces for one listener, numbered within the transaction as Sanity does. */
export async function mutationEvents(commit: Commit, options: ListenOptions): Promise<ListenerEvent[]> {
  const tree = parsedQuery(options)
  const matches = async (document: SanityDocument | null) =>
    document !== null &&
    ((await runGroq(tree, { dataset: [document], params: options.params })) as unknown[]).length > 0
  const relevant: Array<{ change: Change; transition: 'appear' | 'update' | 'disappear' }> = []
  for (const change of commit.changes) {
    if (!options.includeAllVersions && change.id.startsWith('versions.')) continue
    const [was, is] = [await matches(change.before), await matches(change.after)]
    if (!was && !is) continue
    relevant.push({ change, transition: !was ? 'appear' : !is ? 'disappear' : 'update' })
  }
  return relevant.map(({ change, transition }, index) => ({
    type: 'mutation',
    id: `${commit.transactionId}#${change.id}`,
    data: {
      eventId: `${commit.transactionId}#${change.id}`,
      documentId: change.id,
      transactionId: commit.transactionId,
      transition,
      identity: commit.identity,
      ...(change.before?._rev ? { previousRev: change.before._rev } : {}),
      resultRev: commit.transactionId,
      timestamp: commit.timestamp,
      visibility: 'query',
      transactionTotalEvents: relevant.length,
      transactionCurrentEvent: index + 1,
      ...(options.includeMutations ? { mutations: change.mutations } : {}),
      ...(options.includeResult && change.after ? { result: change.after } : {}),
      ...(options.includePreviousRevision && change.before ? { previous: change.before } : {}),
      ...(options.effectFormat === 'mendoza'
        ? { effects: mendozaEffects(withoutRev(change.before), withoutRev(change.after)) }
        : {}),
    },
  }))
}

// The Studio applies effects to its copy without `_rev` and then sets `resultRev` itself.
function withoutRev(document: SanityDocument | null): SanityDocument | null {
  if (!document) return null
  const copy = { ...document }
  delete copy._rev
  return copy
}
