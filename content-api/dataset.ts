import path from 'node:path'
import { readDatasetFile, toNdjson, writeFileAtomically } from './dataset-file'
import { DocumentStore } from './document-store'
import { ImageAssets } from './image-assets'

export type DatasetOptions = {
  /** The NDJSON file to serve and to write every committed transaction back to. */
  file: string
  projectId: string
  dataset: string
  /** Where asset documents say their files are served: the server's own address. */
  assetBaseUrl: string
}

export type OpenDataset = { store: DocumentStore; assets: ImageAssets; file: string; options: DatasetOptions }

/**
 * Loads the dataset file into a store that writes the file again after every commit. Lines of
 * documents no transaction has touched are written back exactly as read, so a first edit changes
 * one line of the seed, not all of them.
 */
export function openDataset(options: DatasetOptions): OpenDataset {
  const file = path.resolve(options.file)
  const assets = new ImageAssets({
    folder: path.join(path.dirname(file), 'images'),
    projectId: options.projectId,
    dataset: options.dataset,
    baseUrl: options.assetBaseUrl,
  })
  const { documents, lines } = readDatasetFile(file, assets)
  const store = new DocumentStore([...documents, ...assets.documents()], (next, commit) => {
    for (const change of commit.changes) lines.delete(change.id)
    const text = next
      .map((document) => {
        const line = lines.get(document._id)
        return line === undefined ? toNdjson([document], assets) : `${line}\n`
      })
      .join('')
    writeFileAtomically(file, text)
  })
  return { store, assets, file, options }
}
