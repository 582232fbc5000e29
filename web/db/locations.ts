import path from 'node:path'
import { projectRoot } from '@/config'

/** The migrations, found from the project's root: Next bundles server code into .next/. */
export function migrationsFolder(): string {
  return path.join(projectRoot(), 'web', 'db', 'migrations')
}
