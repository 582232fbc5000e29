/**
 * The claim forms' names: their `action` values, what they can answer, and the staff list's
 * address a form posted from the list goes back to. Pure, so the browser shares them.
 */
export const CLAIM_ACTIONS = { claim: 'claim', release: 'release', packs: 'markPacksPosted' } as const

/** The history's names for what claims and packs record. */
export const CLAIM_EVENTS = { claim: 'claim', release: 'release-claim' } as const
export const PACK_POSTED_EVENT = 'postage-pack-posted'

export type ClaimProblem = 'taken' | 'notYours' | 'notClaimed' | 'packsNone' | 'invalid'

/** The staff list's address a form came from, or null for anything else (never another site). */
export function listReturn(back: string | undefined): string | null {
  if (!back) return null
  return /^\/admin\/orders(\?[A-Za-z0-9=&%._~*+-]*)?$/.test(back) ? back : null
}
