import { Mutation } from '@sanity/mutator'
import { conflict } from './errors'
import { randomId } from './ids'
import type { DocumentMutation, SanityDocument } from './types'

/** What one transaction did to one document, and the low-level mutations that did it. */
export type Change = {
  id: string
  before: SanityDocument | null
  after: SanityDocument | null
  mutations: DocumentMutation[]
}

export type Commit = { transactionId: string; timestamp: string; identity: string; changes: Change[] }

export type Operation = 'create' | 'update' | 'delete' | 'none'

type Persist = (documents: SanityDocument[], commit: Commit) => void

const clone = <T>(value: T): T => structuredClone(value)

/**
 * The dataset in memory. Every write is a transaction: its mutations apply to a private view and
 * reach the store (and the file, through `persist`) only if all succeed; any failure leaves both
 * untouched. Every document a transaction changes gets the transaction id as its new `_rev`,
 * as in the Content Lake.
 */
export class DocumentStore {
  private documents: Map<string, SanityDocument>
  private subscribers = new Set<(commit: Commit) => void>()

  constructor(
    documents: SanityDocument[],
    private readonly persist: Persist = () => {},
  ) {
    this.documents = new Map(documents.map((document) => [document._id, document]))
  }

  get(id: string): SanityDocument | null {
    const document = this.documents.get(id)
    return document ? clone(document) : null
  }

  /** The stored documents themselves: callers read, never change them. */
  all(): SanityDocument[] {
    return [...this.documents.values()]
  }

  subscribe(listener: (commit: Commit) => void): () => void {
    this.subscribers.add(listener)
    return () => this.subscribers.delete(listener)
  }

  transact<T>(
    run: (tx: Transaction) => T,
    options: { transactionId?: string; identity?: string; dryRun?: boolean } = {},
  ) {
    const tx = new Transaction(this, options.transactionId || randomId(), new Date().toISOString())
    const value = run(tx)
    const commit: Commit = {
      transactionId: tx.id,
      timestamp: tx.timestamp,
      identity: options.identity ?? '',
      changes: tx.changes(),
    }
    if (commit.changes.length === 0 || options.dryRun) return { commit, value }
    const next = new Map(this.documents)
    for (const { id, after } of commit.changes) {
      if (after) next.set(id, after)
      else next.delete(id)
    }
    this.persist([...next.values()], commit)
    this.documents = next
    for (const subscriber of this.subscribers) subscriber(commit)
    return { commit, value }
  }
}

export class Transaction {
  private working = new Map<string, Change>()

  constructor(
    private readonly store: DocumentStore,
    readonly id: string,
    readonly timestamp: string,
  ) {}

  get(id: string): SanityDocument | null {
    const change = this.working.get(id)
    return change ? clone(change.after) : this.store.get(id)
  }

  changes(): Change[] {
    return [...this.working.values()].filter((change) => change.mutations.length > 0)
  }

  /** Applies one mutation, checking what the Content Lake checks; throws a 409 when it would. */
  mutate(mutation: DocumentMutation): { id: string; operation: Operation; document: SanityDocument | null } {
    const id = targetId(mutation)
    const current = this.get(id)
    if ('create' in mutation && current) throw conflict(`Document by ID "${id}" already exists`)
    if ('createIfNotExists' in mutation && current) return { id, operation: 'none', document: current }
    if ('delete' in mutation && !current) return { id, operation: 'none', document: null }
    if ('patch' in mutation) {
      if (!current) throw conflict(`Cannot modify document "${id}": it does not exist`)
      const expected = mutation.patch.ifRevisionID
      if (expected !== undefined && expected !== current._rev) {
        throw conflict(`Document by ID "${id}" has unexpected revision ID ("${current._rev}"), expected "${expected}"`)
      }
      if ('query' in mutation.patch) throw conflict('Patches by query are not supported by the local content API')
    }
    const recorded = withId(clone(mutation), id)
    const after = new Mutation({
      mutations: [clone(recorded)],
      transactionId: this.id,
      resultRev: this.id,
      timestamp: this.timestamp,
    }).apply(current) as SanityDocument | null
    const change = this.working.get(id) ?? { id, before: this.store.get(id), after: null, mutations: [] }
    change.after = after ? clone(after) : null
    change.mutations.push(recorded)
    this.working.set(id, change)
    const operation: Operation = !after ? 'delete' : current ? 'update' : 'create'
    return { id, operation, document: change.after }
  }
}

function targetId(mutation: DocumentMutation): string {
  if ('delete' in mutation) return mutation.delete.id
  if ('patch' in mutation) return mutation.patch.id
  const document =
    'create' in mutation
      ? mutation.create
      : 'createIfNotExists' in mutation
        ? mutation.createIfNotExists
        : mutation.createOrReplace
  const id = typeof document._id === 'string' ? document._id : ''
  // No id, or a path prefix such as "drafts.", asks the Content Lake to make one up.
  return !id || id.endsWith('.') ? `${id}${randomId()}` : id
}

// The stored form of a new document never takes a client's _rev or _updatedAt.
function withId(mutation: DocumentMutation, id: string): DocumentMutation {
  for (const key of ['create', 'createIfNotExists', 'createOrReplace'] as const) {
    if (key in mutation) {
      const document = { ...(mutation as Record<typeof key, SanityDocument>)[key] }
      delete document._rev
      delete document._updatedAt
      return { [key]: { ...document, _id: id } } as DocumentMutation
    }
  }
  return mutation
}
