/**
 * Which content source the site reads. With NEXT_PUBLIC_SANITY_PROJECT_ID set it reads that Sanity
 * project; without it, the seed dataset in studio/seed. Read once, here, with clear errors.
 */
export type SanitySource = {
  kind: 'sanity'
  projectId: string
  dataset: string
  apiVersion: string
  /** Only for tests and self-hosted proxies: an API host other than Sanity's. */
  apiHost?: string
}
export type LocalSource = { kind: 'local'; datasetPath?: string }
export type ContentSource = SanitySource | LocalSource

const PROJECT_ID = /^[a-z0-9-]+$/
const DEFAULT_API_VERSION = '2025-09-01'

export function readContentSource(env: Record<string, string | undefined> = process.env): ContentSource {
  const projectId = env.NEXT_PUBLIC_SANITY_PROJECT_ID?.trim()
  if (!projectId) return { kind: 'local', datasetPath: env.SEED_DATASET_PATH?.trim() || undefined }
  if (!PROJECT_ID.test(projectId)) {
    throw new Error(
      `NEXT_PUBLIC_SANITY_PROJECT_ID "${projectId}" is not a Sanity project id (lower-case letters, digits and hyphens).`,
    )
  }
  const dataset = env.NEXT_PUBLIC_SANITY_DATASET?.trim()
  if (!dataset) {
    throw new Error('NEXT_PUBLIC_SANITY_PROJECT_ID is set but NEXT_PUBLIC_SANITY_DATASET is not: name the dataset too.')
  }
  return {
    kind: 'sanity',
    projectId,
    dataset,
    apiVersion: env.NEXT_PUBLIC_SANITY_API_VERSION?.trim() || DEFAULT_API_VERSION,
    apiHost: env.SANITY_API_HOST?.trim() || undefined,
  }
}

/** What draft preview needs beyond the public source: a read token and the Studio's address. */
export type PreviewConfig = { token: string; studioUrl: string }

export function readPreviewConfig(env: Record<string, string | undefined> = process.env): PreviewConfig | null {
  const token = env.SANITY_API_READ_TOKEN?.trim()
  if (!token) return null
  return { token, studioUrl: env.NEXT_PUBLIC_SANITY_STUDIO_URL?.trim() || 'http://localhost:3333' }
}
