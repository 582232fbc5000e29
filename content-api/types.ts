/** A document as the Content Lake stores it: system fields plus whatever the schema adds. */
export type SanityDocument = {
  _id: string
  _type: string
  _rev?: string
  _createdAt?: string
  _updatedAt?: string
  [field: string]: unknown
}

/** A patch in the form the Content Lake takes (`{set: {...}, unset: [...], ...}`), with or without `id`. */
export type Patch = {
  id?: string
  ifRevisionID?: string
  set?: Record<string, unknown>
  setIfMissing?: Record<string, unknown>
  unset?: string[]
  inc?: Record<string, number>
  dec?: Record<string, number>
  insert?:
    { before: string; items: unknown[] } | { after: string; items: unknown[] } | { replace: string; items: unknown[] }
  diffMatchPatch?: Record<string, string>
}

/** One low-level mutation on one document, as `data/mutate` takes it and as listeners report it. */
export type DocumentMutation =
  | { create: SanityDocument }
  | { createIfNotExists: SanityDocument }
  | { createOrReplace: SanityDocument }
  | { delete: { id: string } }
  | { patch: Patch & { id: string } }

export type Identity = { id: string; name: string; email: string }

// Seed lines carry no system fields. They get fixed ones (a revision from the line's content), so
// reloading, or restarting, gives the same documents: a file's mtime would change at every write.
export const UNDATED = '2000-01-01T00:00:00.000Z'
