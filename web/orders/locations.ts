import { statSync } from 'node:fs'
import path from 'node:path'

const MIGRATIONS_RELATIVE = path.join('web', 'orders', 'migrations')

/**
 * Next bundles server code into .next/, so the migrations are found from the working directory,
 * not from this file. `next start web` runs from the repository root; a tool started inside web/
 * runs one level down.
 */
export function findProjectRoot(): string {
  for (const base of [process.cwd(), path.dirname(process.cwd())]) {
    try {
      statSync(path.join(base, MIGRATIONS_RELATIVE, 'meta', '_journal.json'))
      return base
    } catch {
      // try the next base
    }
  }
  throw new Error(`Database migrations not found: looked for ${MIGRATIONS_RELATIVE} from ${process.cwd()}.`)
}

export function migrationsFolder(): string {
  return path.join(findProjectRoot(), MIGRATIONS_RELATIVE)
}

/** The embedded database's folder when PGLITE_DATA_DIR is not set: `.data/pglite` at the root. */
export function defaultPgliteDataDir(): string {
  return path.join(findProjectRoot(), '.data', 'pglite')
}
