/** The business collection form's fields and their limits: shared by its rules and the form itself. */

/** The fields the form sends, in the order the page shows them (and its problems are listed). */
export const COLLECTION_FIELDS = [
  'organisation',
  'contactName',
  'email',
  'phone',
  'address',
  'postcode',
  'deviceCount',
  'devices',
  'preferredDates',
  'sicCode',
] as const

/** The longest each of the form's own fields may be, in characters. */
export const COLLECTION_LIMITS = {
  organisation: 120,
  contactName: 100,
  phone: 20,
  address: 300,
  devices: 2000,
  preferredDates: 300,
  sicCode: 5,
} as const
