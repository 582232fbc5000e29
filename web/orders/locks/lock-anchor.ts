/** The anchor of the seller's lock panel on their order's page: the e-mails' button lands on it. */
export const LOCK_ANCHOR = 'lock'
