import { publishedIdOf } from './ids'
import type { SanityDocument } from './types'

/**
 * Perspectives as the Content Lake applies them before a query runs. `raw` is every document.
 * Any other perspective is a stack, most important first: `drafts` (or the old `previewDrafts`)
 * and release names (`versions.<name>.<id>`) above `published`. Each published id shows its
 * highest version under the published id, with `_originalId` naming the document it came from.
 * Documents that are a version of something the stack does not name are left out.
 */
export function parsePerspective(value: string | null, apiVersion: string): string[] {
  const names = (value ?? defaultPerspective(apiVersion))
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean)
  return names.map((name) => (name === 'previewDrafts' ? 'drafts' : name))
}

// API versions from 2025-02-19 default to the published perspective; older ones to raw.
function defaultPerspective(apiVersion: string): string {
  if (apiVersion === 'X') return 'published'
  return apiVersion >= '2025-02-19' ? 'published' : 'raw'
}

export function inPerspective(documents: SanityDocument[], stack: string[]): SanityDocument[] {
  if (stack.includes('raw')) return documents
  const prefixes = stack.filter((name) => name !== 'published').map(prefixOf)
  const chosen = new Map<string, { rank: number; document: SanityDocument }>()
  for (const document of documents) {
    const rank = rankOf(document._id, prefixes)
    if (rank === undefined) continue
    const publishedId = publishedIdOf(document._id)
    const current = chosen.get(publishedId)
    if (!current || rank < current.rank) chosen.set(publishedId, { rank, document })
  }
  return [...chosen.entries()].map(([publishedId, { document }]) => ({
    ...document,
    _id: publishedId,
    _originalId: document._id,
  }))
}

const prefixOf = (name: string) => (name === 'drafts' ? 'drafts.' : `versions.${name}.`)

/** Lower is more important; published ranks last; undefined means "not in this perspective". */
function rankOf(id: string, prefixes: string[]): number | undefined {
  const index = prefixes.findIndex((prefix) => id.startsWith(prefix))
  if (index >= 0) return index
  if (id.startsWith('drafts.') || id.startsWith('versions.')) return undefined
  return prefixes.length
}
