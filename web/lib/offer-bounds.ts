/**
 * The prices staff may offer for a device that is not in the catalogue, in pence: at least £1 (an
 * offer of nothing is no offer) and at most £2,000, above any phone or tablet bought back, so a
 * slip of the keyboard (an extra nought) is refused rather than paid. The table's check says the
 * same; its one £0 is a free recycling offer, chosen as such (its own tick box), never a price typed.
 */
export const OFFER_MIN_PENCE = 100
export const OFFER_MAX_PENCE = 200_000
