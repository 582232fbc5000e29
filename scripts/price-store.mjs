// Where the price table is read from and written to: the Sanity dataset when a project and a write
// token are configured, the seed dataset otherwise. Export and import always use the same place.
import { randomBytes } from 'node:crypto'
import { open, readFile, rename, stat, unlink } from 'node:fs/promises'
import path from 'node:path'
import { createClient } from '@sanity/client'
import { readContentSource } from '../web/config/index.ts'
import { rewriteSeedLines } from './prices/price-catalogue.ts'

const ROOT = path.resolve(import.meta.dirname, '..')
const DEFAULT_SEED = path.join('studio', 'seed', 'data.ndjson')
// Raw documents with their revisions; kept here rather than in web/content/queries.ts because the
// site never asks for them, and typegen would type a query the site does not run.
const PRICE_DOCUMENTS_QUERY = '*[_type in ["conditionGrade", "deviceMake", "deviceModel"]]'

export class PriceStoreError extends Error {}

export function openPriceStore(env = process.env) {
  // The site's variables name the project or, failing them, the Studio's.
  const studio = !env.NEXT_PUBLIC_SANITY_PROJECT_ID?.trim() && Boolean(env.SANITY_STUDIO_PROJECT_ID?.trim())
  if (studio && !env.SANITY_STUDIO_DATASET?.trim()) {
    throw new PriceStoreError('SANITY_STUDIO_PROJECT_ID is set but SANITY_STUDIO_DATASET is not: name the dataset too.')
  }
  const source = readContentSource(
    studio
      ? {
          ...env,
          NEXT_PUBLIC_SANITY_PROJECT_ID: env.SANITY_STUDIO_PROJECT_ID,
          NEXT_PUBLIC_SANITY_DATASET: env.SANITY_STUDIO_DATASET,
        }
      : env,
  )
  if (source.kind === 'sanity') return sanityStore(source, env.SANITY_API_WRITE_TOKEN?.trim())
  return seedStore(path.resolve(ROOT, source.datasetPath ?? DEFAULT_SEED))
}

function seedStore(file) {
  let original
  return {
    name: path.relative(ROOT, file).startsWith('..') ? file : path.relative(ROOT, file),
    checkWritable() {},
    async read() {
      original = await readFile(file, 'utf8')
      return original.split('\n').flatMap((line, index) => {
        if (!line.trim()) return []
        try {
          return [JSON.parse(line)]
        } catch (error) {
          throw new PriceStoreError(`${file}:${index + 1} is not valid JSON: ${error.message}`)
        }
      })
    },
    async write(changes) {
      if ((await readFile(file, 'utf8')) !== original) {
        throw new PriceStoreError(`${file} changed while the prices were being checked: run the import again.`)
      }
      await replaceAtomically(file, rewriteSeedLines(original, changes))
    },
  }
}

// Written beside the seed and renamed over it, so a reader never sees half a file.
async function replaceAtomically(file, text) {
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`)
  const handle = await open(temporary, 'wx', (await stat(file)).mode & 0o777)
  try {
    await handle.writeFile(text)
    await handle.sync()
    await handle.close()
    await rename(temporary, file)
  } catch (error) {
    await handle.close().catch(() => undefined)
    await unlink(temporary).catch(() => undefined)
    throw error
  }
}

function sanityStore(source, token) {
  const client = createClient({
    projectId: source.projectId,
    dataset: source.dataset,
    apiVersion: '2025-09-01',
    useCdn: false,
    maxRetries: 0,
    perspective: 'published',
    ...(token ? { token } : {}),
    ...(source.apiHost ? { apiHost: source.apiHost, useProjectHostname: false } : {}),
  })
  return {
    name: `Sanity project ${source.projectId}, dataset ${source.dataset}`,
    checkWritable() {
      if (token) return
      throw new PriceStoreError(
        `A Sanity project (${source.projectId}) is configured but SANITY_API_WRITE_TOKEN is not set: ` +
          'set a token with write access, or unset the project to import into the seed.',
      )
    },
    read: () => client.fetch(PRICE_DOCUMENTS_QUERY),
    async write(changes) {
      // One transaction, each patch tied to the revision read, so an edit made in the Studio
      // meanwhile fails the whole import instead of being overwritten.
      const transaction = client.transaction()
      for (const { id, rev, variants } of changes) {
        transaction.patch(id, (patch) => (rev ? patch.ifRevisionId(rev) : patch).set({ variants }))
      }
      try {
        await transaction.commit({ visibility: 'sync' })
      } catch (error) {
        if (error.statusCode !== 409) throw error
        throw new PriceStoreError(
          `A model was saved in the Studio while the prices were being checked, so nothing was written: ` +
            `export again and redo the changes. (${error.message})`,
        )
      }
    },
  }
}
