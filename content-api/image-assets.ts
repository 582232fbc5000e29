import { readFileSync } from 'node:fs'
import path from 'node:path'
import { readImageFacts, type ImageFacts } from './image-files'
import { UNDATED, type SanityDocument } from './types'

/**
 * Image files in the dataset's `images/` folder and the `sanity.imageAsset` documents that stand
 * for them. Asset ids follow Sanity's `image-<sha1>-<width>x<height>-<ext>` shape, which the
 * Studio's image URL builder parses; files are served at the CDN's path,
 * `/images/<projectId>/<dataset>/<sha1>-<width>x<height>.<ext>`.
 */
export type ImageAssetsOptions = { folder: string; projectId: string; dataset: string; baseUrl: string }

type Entry = { fileName: string; facts: ImageFacts; document: SanityDocument }

export class ImageAssets {
  private byId = new Map<string, Entry>()
  private byCdnName = new Map<string, Entry>()

  constructor(readonly options: ImageAssetsOptions) {}

  /** Registers a file in the folder; the same file always gives the same document. */
  register(fileName: string, body: Buffer = readFileSync(this.pathOf(fileName)), timestamp = UNDATED) {
    const facts = readImageFacts(body, fileName)
    const id = `image-${facts.sha1hash}-${facts.width}x${facts.height}-${facts.extension}`
    const existing = this.byId.get(id)
    if (existing) return existing.document
    const cdnName = `${facts.sha1hash}-${facts.width}x${facts.height}.${facts.extension}`
    const { projectId, dataset, baseUrl } = this.options
    const assetPath = `images/${projectId}/${dataset}/${cdnName}`
    const document: SanityDocument = {
      _id: id,
      _type: 'sanity.imageAsset',
      _createdAt: timestamp,
      _updatedAt: timestamp,
      _rev: facts.sha1hash.slice(0, 22),
      assetId: facts.sha1hash,
      sha1hash: facts.sha1hash,
      extension: facts.extension,
      mimeType: facts.mimeType,
      originalFilename: fileName,
      size: body.length,
      path: assetPath,
      url: `${baseUrl}/${assetPath}`,
      uploadId: facts.sha1hash.slice(0, 32),
      metadata: {
        _type: 'sanity.imageMetadata',
        dimensions: {
          _type: 'sanity.imageDimensions',
          width: facts.width,
          height: facts.height,
          aspectRatio: facts.width / facts.height,
        },
        hasAlpha: facts.extension !== 'jpg',
        isOpaque: facts.extension === 'jpg',
      },
    }
    const entry = { fileName, facts, document }
    this.byId.set(id, entry)
    this.byCdnName.set(cdnName, entry)
    return document
  }

  has = (id: string) => this.byId.has(id)
  fileNameOf = (id: string) => this.byId.get(id)?.fileName
  documents = () => [...this.byId.values()].map((entry) => entry.document)

  /** The file behind a CDN path's last segment, ignoring any transformation in the query. */
  fileFor(cdnName: string): { path: string; mimeType: string } | undefined {
    const entry = this.byCdnName.get(cdnName)
    return entry && { path: this.pathOf(entry.fileName), mimeType: entry.facts.mimeType }
  }

  pathOf(fileName: string): string {
    if (fileName !== path.basename(fileName)) throw new Error(`Asset file names have no folders: ${fileName}`)
    return path.join(this.options.folder, fileName)
  }
}
