/** How many of an IMEI's (or serial's) last characters a public certificate shows: the seller's and a collection's alike. */
export const IMEI_SHOWN = 4
