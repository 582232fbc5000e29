/** The history's record of a seller's change of bank details (it moves the order nowhere). */
export const PAYOUT_CHANGE_EVENT = 'change-payout'
