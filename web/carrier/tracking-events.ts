/**
 * The carrier's event codes (Royal Mail's tracking), as the three stages the seller's page names:
 * handed in at a post office, on its way, arrived. A code not listed is kept with the parcel but
 * not shown: it may mean something else (held, returned), and a wrong word is worse than none.
 */
export type ParcelStage = 'accepted' | 'inTransit' | 'delivered'

const STAGES: Record<string, ParcelStage> = {
  // Accepted at a Post Office, or collected.
  EVPPA: 'accepted',
  EVPLC: 'accepted',
  // Received at a mail centre, sorted, out for delivery.
  EVNMC: 'inTransit',
  EVNRT: 'inTransit',
  EVORI: 'inTransit',
  EVOLO: 'inTransit',
  // Delivered, signed for.
  EVDAV: 'delivered',
  EVKSP: 'delivered',
  EVKOP: 'delivered',
}

export function parcelStage(code: string): ParcelStage | null {
  return STAGES[code] ?? null
}

/** The codes that say the parcel reached us: a parcel last scanned so is not astray, however long goods-in takes. */
export const DELIVERED_CODES: readonly string[] = Object.keys(STAGES).filter((code) => STAGES[code] === 'delivered')
