import 'server-only'
import { createClient, type SanityClient } from '@sanity/client'
import type { PreviewConfig, SanitySource } from '@/config'

/**
 * The only place a Sanity client is made: published reads for visitors, drafts for editors'
 * preview, and writes for form submissions. Tokens reach Sanity only through the last two.
 */

function connection({ projectId, dataset, apiVersion, apiHost }: SanitySource) {
  return { projectId, dataset, apiVersion, ...(apiHost ? { apiHost, useProjectHostname: false } : {}) }
}

let readClients = new Map<string, SanityClient>()

/** Published documents through Sanity's CDN, without a token: what every visitor sees. */
export function publishedClient(source: SanitySource): SanityClient {
  const key = JSON.stringify(source)
  let client = readClients.get(key)
  if (!client) {
    client = createClient({ ...connection(source), useCdn: true, perspective: 'published' })
    // One source per process in practice: keep only the latest rather than grow.
    readClients = new Map([[key, client]])
  }
  return client
}

/**
 * Drafts for an editor in draft preview, fresh from the API with the read token, with source maps
 * encoded into strings (stega) for Visual Editing's overlays; a fetch can turn stega off.
 */
export function draftClient(source: SanitySource, preview: PreviewConfig): SanityClient {
  return createClient({
    ...connection(source),
    token: preview.token,
    useCdn: false,
    perspective: 'drafts',
    stega: { enabled: true, studioUrl: preview.studioUrl },
  })
}

let writer: { key: string; client: SanityClient } | undefined

/** Writes with the server-only write token, straight to the API (never the CDN). */
export function writeClient(source: SanitySource, token: string): SanityClient {
  const key = JSON.stringify([source, token])
  if (writer?.key !== key) writer = { key, client: createClient({ ...connection(source), token, useCdn: false }) }
  return writer.client
}
