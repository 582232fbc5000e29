import { readFileSync, statSync } from 'node:fs'
import path from 'node:path'

/**
 * The seed dataset (NDJSON, as `sanity dataset import` takes it) loaded into memory for groq-js.
 * It holds what the public Sanity API would serve: documents on the root path only, so drafts
 * (`drafts.…`), versions and private documents never reach the site. Images written as
 * `_sanityAsset` import instructions become asset documents served from /seed-assets.
 */
export type SeedDocument = { _id: string; _type: string; [key: string]: unknown }

const SEED_RELATIVE = path.join('studio', 'seed', 'data.ndjson')
export const SEED_ASSET_ROUTE = '/seed-assets'
const ASSET_PATTERN = /^image@file:\/\/\.\/images\/([\w.-]+)$/

let cached: { file: string; mtimeMs: number; documents: SeedDocument[] } | undefined

export function resolveSeedPath(explicit?: string): string {
  if (explicit) return path.resolve(explicit)
  // `next dev web` runs from the repository root; tools started inside web/ or studio/ run one level down.
  for (const base of [process.cwd(), path.dirname(process.cwd())]) {
    const candidate = path.join(base, SEED_RELATIVE)
    try {
      statSync(candidate)
      return candidate
    } catch {
      // try the next base
    }
  }
  throw new Error(`Seed dataset not found: looked for ${SEED_RELATIVE} from ${process.cwd()}. Set SEED_DATASET_PATH.`)
}

export function seedAssetDirectory(seedPath: string): string {
  return path.join(path.dirname(seedPath), 'images')
}

/** Loads the dataset once per process, and again whenever the file changes on disk. */
export function loadSeedDataset(seedPath: string): SeedDocument[] {
  const { mtimeMs } = statSync(seedPath)
  if (cached && cached.file === seedPath && cached.mtimeMs === mtimeMs) return cached.documents
  const documents = parseSeed(readFileSync(seedPath, 'utf8'), seedPath)
  cached = { file: seedPath, mtimeMs, documents }
  return documents
}

export function parseSeed(ndjson: string, source = 'seed'): SeedDocument[] {
  const published: SeedDocument[] = []
  const assets = new Map<string, SeedDocument>()
  ndjson.split('\n').forEach((line, index) => {
    if (!line.trim()) return
    let doc: unknown
    try {
      doc = JSON.parse(line)
    } catch (error) {
      throw new Error(`${source}:${index + 1} is not valid JSON: ${(error as Error).message}`)
    }
    if (!isDocument(doc)) throw new Error(`${source}:${index + 1} has no string _id and _type`)
    if (doc._id.includes('.')) return
    published.push(replaceAssetInstructions(doc, assets) as SeedDocument)
  })
  return [...published, ...assets.values()]
}

function isDocument(value: unknown): value is SeedDocument {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as SeedDocument)._id === 'string' &&
    typeof (value as SeedDocument)._type === 'string'
  )
}

function replaceAssetInstructions(value: unknown, assets: Map<string, SeedDocument>): unknown {
  if (Array.isArray(value)) return value.map((item) => replaceAssetInstructions(item, assets))
  if (typeof value !== 'object' || value === null) return value
  const { _sanityAsset, ...rest } = value as Record<string, unknown>
  const out: Record<string, unknown> = {}
  for (const [key, child] of Object.entries(rest)) out[key] = replaceAssetInstructions(child, assets)
  if (typeof _sanityAsset !== 'string') return out
  const match = ASSET_PATTERN.exec(_sanityAsset)
  if (!match?.[1]) throw new Error(`Unsupported _sanityAsset "${_sanityAsset}": use image@file://./images/<name>`)
  const asset = assetDocument(match[1])
  assets.set(asset._id, asset)
  return { ...out, asset: { _type: 'reference', _ref: asset._id } }
}

function assetDocument(fileName: string): SeedDocument {
  const extension = path.extname(fileName).slice(1).toLowerCase()
  return {
    _id: `image-seed-${fileName.replace(/[^\w]/g, '-')}`,
    _type: 'sanity.imageAsset',
    originalFilename: fileName,
    extension,
    mimeType: extension === 'svg' ? 'image/svg+xml' : `image/${extension === 'jpg' ? 'jpeg' : extension}`,
    url: `${SEED_ASSET_ROUTE}/${fileName}`,
    path: `${SEED_ASSET_ROUTE}/${fileName}`,
  }
}
