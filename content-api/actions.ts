import type { Transaction } from './document-store'
import { badRequest, conflict } from './errors'
import { draftIdOf } from './ids'
import type { Patch, SanityDocument } from './types'

/**
 * The Actions API (`POST /vX/data/actions/:dataset`) as the Studio uses it. Each action becomes
 * low-level mutations inside one transaction, so a request of several actions applies whole or not
 * at all. Studio 6 discards a draft with `sanity.action.document.version.discard`; the older
 * `sanity.action.document.discard` is kept for other clients.
 */
export type Action = { actionType: string; [field: string]: unknown }

export function applyAction(tx: Transaction, action: Action): void {
  const handler = HANDLERS[action.actionType]
  if (!handler) throw badRequest(`Unsupported action type "${action.actionType}" in the local content API`)
  handler(tx, action)
}

const HANDLERS: Record<string, (tx: Transaction, action: Action) => void> = {
  'sanity.action.document.create': (tx, action) => {
    const publishedId = text(action, 'publishedId')
    const attributes = object(action, 'attributes')
    const id = typeof attributes._id === 'string' ? attributes._id : draftIdOf(publishedId)
    if (tx.get(id) && action.ifExists === 'ignore') return
    tx.mutate({ create: { ...attributes, _id: id } })
  },

  'sanity.action.document.edit': (tx, action) => {
    const publishedId = text(action, 'publishedId')
    const draftId = text(action, 'draftId')
    const patch = object(action, 'patch') as Patch
    if (!tx.get(draftId)) {
      const published = tx.get(publishedId)
      if (!published) throw conflict(`Cannot edit "${publishedId}": neither a draft nor a published version exists`)
      tx.mutate({ createIfNotExists: { ...withoutSystemFields(published), _id: draftId } })
    }
    tx.mutate({ patch: { ...patch, id: draftId } })
  },

  'sanity.action.document.publish': (tx, action) => {
    const publishedId = text(action, 'publishedId')
    const draftId = text(action, 'draftId')
    const draft = tx.get(draftId)
    const published = tx.get(publishedId)
    if (!draft) throw conflict(`Cannot publish "${publishedId}": there is no draft "${draftId}"`)
    expectRevision(draft, action.ifDraftRevisionId, draftId)
    expectRevision(published, action.ifPublishedRevisionId, publishedId)
    tx.mutate({
      createOrReplace: {
        ...withoutSystemFields(draft),
        _id: publishedId,
        _createdAt: published?._createdAt ?? draft._createdAt,
      },
    })
    tx.mutate({ delete: { id: draftId } })
  },

  'sanity.action.document.unpublish': (tx, action) => {
    const publishedId = text(action, 'publishedId')
    const draftId = text(action, 'draftId')
    const published = tx.get(publishedId)
    if (!published) throw conflict(`Cannot unpublish "${publishedId}": it is not published`)
    tx.mutate({ createIfNotExists: { ...withoutSystemFields(published), _id: draftId } })
    tx.mutate({ delete: { id: publishedId } })
  },

  'sanity.action.document.discard': (tx, action) => discard(tx, text(action, 'draftId')),
  'sanity.action.document.version.discard': (tx, action) => discard(tx, text(action, 'versionId')),

  'sanity.action.document.delete': (tx, action) => {
    const publishedId = text(action, 'publishedId')
    const drafts = Array.isArray(action.includeDrafts) ? action.includeDrafts.filter(isString) : []
    const ids = [publishedId, ...drafts]
    if (!ids.some((id) => tx.get(id))) throw conflict(`Cannot delete "${publishedId}": it does not exist`)
    for (const id of ids) tx.mutate({ delete: { id } })
  },

  'sanity.action.document.replaceDraft': (tx, action) => {
    const publishedId = text(action, 'publishedId')
    const attributes = object(action, 'attributes')
    const id = typeof attributes._id === 'string' ? attributes._id : draftIdOf(publishedId)
    tx.mutate({ createOrReplace: { ...attributes, _id: id } })
  },
}

function discard(tx: Transaction, id: string) {
  if (!tx.get(id)) throw conflict(`Cannot discard "${id}": it does not exist`)
  tx.mutate({ delete: { id } })
}

function expectRevision(document: SanityDocument | null, expected: unknown, id: string) {
  if (expected === undefined || expected === null) return
  if (document?._rev !== expected) {
    throw conflict(
      `Document by ID "${id}" has unexpected revision ID ("${document?._rev ?? 'none'}"), expected "${expected}"`,
    )
  }
}

function withoutSystemFields(document: SanityDocument): SanityDocument {
  const copy: SanityDocument = { ...document }
  delete copy._rev
  delete copy._updatedAt
  return copy
}

const isString = (value: unknown): value is string => typeof value === 'string'

function text(action: Action, field: string): string {
  const value = action[field]
  if (typeof value !== 'string' || !value) throw badRequest(`${action.actionType} needs "${field}"`)
  return value
}

function object(action: Action, field: string): SanityDocument {
  const value = action[field]
  if (typeof value !== 'object' || value === null) throw badRequest(`${action.actionType} needs "${field}"`)
  return value as SanityDocument
}
