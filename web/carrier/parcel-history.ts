/**
 * The parcel's entries in the order's history (order_event.action), for the job that writes them
 * (parcels.ts) and the pages that read them.
 */
/** The carrier's label made: the reason is its tracking number. */
export const LABEL_MADE = 'carrier-label'
/** The carrier could not make the label as the order was placed: it is e-mailed when it exists. */
export const LABEL_DELAYED = 'carrier-label-delayed'
/** A tracking event: the reason is the carrier's code ("EVPPA"), its time the event's. */
export const PARCEL_SCANNED = 'parcel-scanned'
/** A second label made, the first cancelled with the carrier: the reason is "old → new". */
export const LABEL_REPLACED = 'carrier-label-replaced'
/** No scan for the days the Orders document sets: the seller was told. The reason is its tracking number. */
export const PARCEL_ASTRAY = 'parcel-astray'
