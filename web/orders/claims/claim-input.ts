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

/**
 * A row of the staff list claims or releases its order with a button of the list's one claim form
 * (`form=`): the button sends this field, the action and the reference, so the list draws plain
 * buttons and one form, not a form in every row.
 */
export const CLAIM_ROW_FIELD = 'claimRow'

export const claimRowValue = (release: boolean, reference: string) =>
  `${release ? CLAIM_ACTIONS.release : CLAIM_ACTIONS.claim} ${reference}`

/** A row button's value read back: claim or release, and the reference as sent; null for anything else. */
export function parseClaimRow(value: string | undefined): { action: string; reference: string } | null {
  const match = /^(claim|release) (\S{1,32})$/.exec(value ?? '')
  return match ? { action: match[1]!, reference: match[2]! } : null
}
