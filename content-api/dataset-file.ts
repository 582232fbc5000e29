import { createHash } from 'node:crypto'
import { readFileSync, renameSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { ImageAssets } from './image-assets'
import { UNDATED, type SanityDocument } from './types'

/**
 * The dataset file in the NDJSON form `sanity dataset import` takes, and the documents the store
 * holds. Image fields in the file are import instructions (`"_sanityAsset": "image@file://./images/x.svg"`);
 * in the store they are references to `sanity.imageAsset` documents. Writing turns them back, so the
 * file stays importable and asset documents never enter it.
 */
const ASSET_INSTRUCTION = /^image@file:\/\/\.\/images\/([^/]+)$/

export type LoadedDataset = { documents: SanityDocument[]; lines: Map<string, string> }

export function readDatasetFile(file: string, assets: ImageAssets): LoadedDataset {
  const documents: SanityDocument[] = []
  const lines = new Map<string, string>()
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, index) => {
      if (!line.trim()) return
      const parsed: unknown = JSON.parse(line)
      if (!isDocument(parsed)) throw new Error(`${file}:${index + 1} has no string _id and _type`)
      lines.set(parsed._id, line)
      const document = fromFileForm(parsed, assets) as SanityDocument
      documents.push({
        ...document,
        _createdAt: document._createdAt ?? UNDATED,
        _updatedAt: document._updatedAt ?? UNDATED,
        _rev: document._rev ?? createHash('sha1').update(line).digest('base64url').slice(0, 22),
      })
    })
  return { documents, lines }
}

/** One line per document, in the order given; asset documents backed by files are left out. */
export function toNdjson(documents: SanityDocument[], assets: ImageAssets): string {
  return documents
    .filter((document) => !assets.has(document._id))
    .map((document) => `${JSON.stringify(toFileForm(document, assets))}\n`)
    .join('')
}

/** Write beside the target and rename over it, so a reader never sees half a file. */
export function writeFileAtomically(file: string, text: string): void {
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`)
  writeFileSync(temporary, text)
  renameSync(temporary, file)
}

function isDocument(value: unknown): value is SanityDocument {
  const candidate = value as SanityDocument | null
  return typeof candidate?._id === 'string' && typeof candidate._type === 'string'
}

// Both directions swap the one field in place, so key order (and so an unchanged line) survives.
function fromFileForm(value: unknown, assets: ImageAssets): unknown {
  if (Array.isArray(value)) return value.map((item) => fromFileForm(item, assets))
  if (typeof value !== 'object' || value === null) return value
  const entries = Object.entries(value).map(([key, child]): [string, unknown] => {
    if (key !== '_sanityAsset') return [key, fromFileForm(child, assets)]
    const fileName = typeof child === 'string' ? ASSET_INSTRUCTION.exec(child)?.[1] : undefined
    if (!fileName)
      throw new Error(`Unsupported _sanityAsset ${JSON.stringify(child)}: use image@file://./images/<name>`)
    return ['asset', { _type: 'reference', _ref: assets.register(fileName)._id }]
  })
  return Object.fromEntries(entries)
}

function toFileForm(value: unknown, assets: ImageAssets): unknown {
  if (Array.isArray(value)) return value.map((item) => toFileForm(item, assets))
  if (typeof value !== 'object' || value === null) return value
  const entries = Object.entries(value).map(([key, child]): [string, unknown] => {
    const ref = key === 'asset' ? (child as { _ref?: unknown } | null)?._ref : undefined
    const fileName = typeof ref === 'string' ? assets.fileNameOf(ref) : undefined
    return fileName ? ['_sanityAsset', `image@file://./images/${fileName}`] : [key, toFileForm(child, assets)]
  })
  return Object.fromEntries(entries)
}
