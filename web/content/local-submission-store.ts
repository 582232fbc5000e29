import 'server-only'
import { formStorePath } from '@/config'
import { mkdir, open, readFile, rename } from 'node:fs/promises'
import path from 'node:path'
import { StoreUnavailableError, type StoredSubmission as Stored, type SubscribeResult } from './submission-types'

/** The local file store: appends run one at a time, each flushed to disk before it resolves. */
class LocalStore {
  private queue: Promise<unknown> = Promise.resolve()
  private ids: Promise<Set<string>> | undefined

  constructor(readonly file: string) {}

  append(doc: Stored): Promise<SubscribeResult> {
    const run = this.queue.then(async () => {
      const ids = await this.knownIds()
      if (ids.has(doc._id)) return 'duplicate' as const
      await mkdir(path.dirname(this.file), { recursive: true })
      const handle = await open(this.file, 'a', 0o600)
      try {
        await handle.write(`${JSON.stringify(doc)}\n`)
        await handle.datasync()
      } finally {
        await handle.close()
      }
      ids.add(doc._id)
      return 'created' as const
    })
    this.queue = run.catch(() => undefined)
    return run.catch((error: Error) => {
      throw new StoreUnavailableError(`Could not write ${this.file}: ${error.message}`)
    })
  }

  async matching(email: string): Promise<Stored[]> {
    await this.queue
    return (await this.readDocuments()).filter((doc) => doc.email.toLowerCase() === email)
  }

  /** Rewrites the file without the address's documents: a new file renamed over the old, flushed first. */
  erase(email: string): Promise<number> {
    const run = this.queue.then(async () => {
      const docs = await this.readDocuments()
      const kept = docs.filter((doc) => doc.email.toLowerCase() !== email)
      if (kept.length === docs.length) return 0
      const temporary = `${this.file}.${process.pid}.tmp`
      const handle = await open(temporary, 'w', 0o600)
      try {
        await handle.write(kept.map((doc) => `${JSON.stringify(doc)}\n`).join(''))
        await handle.datasync()
      } finally {
        await handle.close()
      }
      await rename(temporary, this.file)
      this.ids = Promise.resolve(new Set(kept.map((doc) => doc._id)))
      return docs.length - kept.length
    })
    this.queue = run.catch(() => undefined)
    return run
  }

  private async readDocuments(): Promise<Stored[]> {
    const text = await readFile(this.file, 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return ''
      throw error
    })
    return text.split('\n').flatMap((line) => {
      try {
        const doc = JSON.parse(line) as Stored
        return typeof doc?.email === 'string' ? [doc] : []
      } catch {
        return []
      }
    })
  }

  private knownIds(): Promise<Set<string>> {
    this.ids ??= readFile(this.file, 'utf8').then(
      (text) =>
        new Set(
          text
            .split('\n')
            .filter(Boolean)
            .flatMap((line) => {
              try {
                return [(JSON.parse(line) as { _id: string })._id]
              } catch {
                return []
              }
            }),
        ),
      (error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return new Set<string>()
        this.ids = undefined
        throw error
      },
    )
    return this.ids
  }
}

const stores = new Map<string, LocalStore>()
export function localStore(): LocalStore {
  // Outside anything the site serves: the repository's .data/ folder unless FORM_STORE_PATH says otherwise.
  const file = formStorePath()
  let store = stores.get(file)
  if (!store) {
    store = new LocalStore(file)
    stores.set(file, store)
  }
  return store
}
