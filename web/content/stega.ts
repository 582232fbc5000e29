import { AsyncLocalStorage } from 'node:async_hooks'
import { cache as reactCache } from 'react'

/**
 * In draft preview Sanity encodes invisible source maps into strings (stega) for Visual Editing.
 * Metadata and structured data are read for machines, so they are fetched without it: the same
 * drafts, plain strings.
 */
const plainReads = new AsyncLocalStorage<true>()

/** Whether content read now is for metadata or structured data, and so must come unencoded. */
export function isPlainRead(): boolean {
  return plainReads.getStore() === true
}

/** Runs the loaders that `read` calls without stega encoding, e.g. in generateMetadata. */
export function withoutStega<T>(read: () => Promise<T>): Promise<T> {
  return plainReads.run(true, read)
}

/**
 * React's per-request cache, with plain and encoded reads kept apart: metadata and the page
 * render in one request, and neither may be handed the other's strings.
 */
export function cache<A extends unknown[], R>(load: (...args: A) => R): (...args: A) => R {
  const encoded = reactCache(load)
  const plain = reactCache((...args: A) => load(...args))
  return (...args) => (isPlainRead() ? plain : encoded)(...args)
}
