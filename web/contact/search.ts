import * as v from 'valibot'
import { oneLine } from '@/forms/schema'
import { isContactStatus, type ContactStatus } from './statuses'

// Enough for a name and a few words; anything longer is cut rather than refused.
const MAX_TYPED = 200
const MAX_WORDS = 8

/**
 * The list's search box: the words typed, each to be found (whatever its case) in the sender's
 * name, address or message. Nothing typed is no filter (null).
 */
export function parseContactSearch(typed: string | undefined): string[] | null {
  const value = v.parse(oneLine, typed).slice(0, MAX_TYPED).trim()
  if (!value) return null
  return [...new Set(value.toLowerCase().split(' '))].slice(0, MAX_WORDS)
}

export const parseContactStatusFilter = (typed: string | undefined): ContactStatus | null =>
  isContactStatus(typed) ? typed : null
