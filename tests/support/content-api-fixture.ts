import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { openDataset, type OpenDataset } from '../../content-api/dataset'

/**
 * A private copy of the real seed (NDJSON and images) for one test, so tests edit the content
 * editors see without touching studio/seed.
 */
export type SeedCopy = OpenDataset & { folder: string; reopen: () => OpenDataset; remove: () => void }

const SEED_FOLDER = path.join(__dirname, '..', '..', 'studio', 'seed')

export function openSeedCopy(): SeedCopy {
  const folder = mkdtempSync(path.join(tmpdir(), 'content-api-'))
  cpSync(SEED_FOLDER, folder, { recursive: true })
  const options = {
    file: path.join(folder, 'data.ndjson'),
    projectId: 'test-project',
    dataset: 'production',
    assetBaseUrl: 'https://test-project.localhost:1',
  }
  return {
    ...openDataset(options),
    folder,
    reopen: () => openDataset(options),
    remove: () => rmSync(folder, { recursive: true, force: true }),
  }
}
