/**
 * How long a payout waits after the seller changes their bank details: the site holds it (the
 * `pay` move waits), and the words say so through the {payoutHoldHours} site fact.
 */
export const PAYOUT_HOLD_HOURS = 24

/** How long a code e-mailed to confirm a change works, in minutes. */
export const PAYOUT_CODE_MINUTES = 15
