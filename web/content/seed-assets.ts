import 'server-only'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { readContentSource } from '@/config'
import { resolveSeedPath, seedAssetDirectory } from './local-dataset'

/** The seed's images, listed and read for /seed-assets when the site runs on the seed. */
const TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
}

function assetDirectory(): string | null {
  const source = readContentSource()
  return source.kind === 'local' ? seedAssetDirectory(resolveSeedPath(source.datasetPath)) : null
}

export async function listSeedAssets(): Promise<string[]> {
  const directory = assetDirectory()
  if (!directory) return []
  return (await readdir(directory)).filter((file) => TYPES[path.extname(file).toLowerCase()])
}

export async function readSeedAsset(file: string): Promise<{ body: Buffer; contentType: string } | null> {
  const directory = assetDirectory()
  const contentType = TYPES[path.extname(file).toLowerCase()]
  if (!directory || !contentType || file !== path.basename(file)) return null
  try {
    return { body: await readFile(path.join(directory, file)), contentType }
  } catch {
    return null
  }
}
