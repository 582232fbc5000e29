/**
 * What an order keeps once its seller's details go (erased at the seller's request, or past the
 * years the privacy policy gives): the record HMRC asks a second-hand dealer to keep (reference,
 * dates, what was bought in what condition, what was paid), and nothing that says who sold it: no
 * name, address, e-mail, phone or bank details, no IMEI, no free text, no photo (deleted beside it).
 */
export const ERASED_ORDER = {
  userId: null,
  email: null,
  name: null,
  phone: null,
  addressLine1: null,
  addressLine2: null,
  town: null,
  postcode: null,
  payoutSealed: null,
  payoutLast4: null,
  payoutMatch: null,
  payeeCheck: null,
  payeeBankName: null,
  payeeReason: null,
  marketingConsent: false,
  declarations: [],
  returnTracking: null,
  // The key came from the seller's browser, the hash from what they typed.
  idempotencyKey: null,
  requestHash: null,
}
/**
 * Orders whose seller the law's records name: a purchase (`paid`: the purchase register and the VAT
 * margin scheme stock book), and a device flagged as lost or stolen (`closed`: for the police). Erasing
 * the seller's account keeps, on these, the name and postal address and each device's IMEI
 * (`RECORD_ORDER_FIELDS`, `RECORD_ITEM_FIELDS`) until the record period ends, when retention removes
 * them (web/orders/moves/retention.ts); every other detail goes at once.
 */
export const RECORD_STATUSES = ['paid', 'closed'] as const
export const RECORD_ORDER_FIELDS = ['name', 'addressLine1', 'addressLine2', 'town', 'postcode'] as const
export const RECORD_ITEM_FIELDS = ['imei'] as const

export const ERASED_ITEM = {
  imei: null,
  checkNotes: null,
  revisedReason: null,
  proposedReason: null,
  registerCertificate: null,
  cautionClearedBy: null,
  cautionClearedReason: null,
  cautionClearedCertificate: null,
  returnTracking: null,
}
export const ERASED_EVENT = { reason: null }

/** The history's names for what the retention job does (web/orders/moves/retention.ts); staff read them in the content's words. */
export const RETENTION_ACTIONS = { bankDetails: 'remove-bank-details', record: 'reduce-record' } as const
