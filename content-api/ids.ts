import { randomBytes } from 'node:crypto'

const DRAFTS_PREFIX = 'drafts.'

export const isDraftId = (id: string) => id.startsWith(DRAFTS_PREFIX)
export const draftIdOf = (id: string) => (isDraftId(id) ? id : `${DRAFTS_PREFIX}${publishedIdOf(id)}`)

/** `drafts.x` and `versions.<release>.x` both belong to the published document `x`. */
export function publishedIdOf(id: string): string {
  if (isDraftId(id)) return id.slice(DRAFTS_PREFIX.length)
  if (id.startsWith('versions.')) return id.split('.').slice(2).join('.')
  return id
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** Random ids of the shape the Content Lake uses for transactions and revisions (22 characters). */
export function randomId(length = 22): string {
  return Array.from(randomBytes(length), (byte) => ALPHABET[byte % ALPHABET.length]).join('')
}
