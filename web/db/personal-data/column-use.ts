/** The words every column is classified in: what it holds about people, and how deletion removes it. */
export type Erasure = { by: 'row deleted' } | { by: 'emptied' } | { by: 'reset'; to: false | [] }

export type ColumnUse =
  | { kind: 'not personal'; why: string }
  | { kind: 'sale record'; exported: string }
  | {
      kind: 'personal'
      /** Where the download gives it (`a[].b` walks an array); null when withheld. */
      exported: string | null
      /** Why it is withheld, or how the download shows it when not as stored. */
      note?: string
      erased: Erasure
    }

export const ROW_DELETED: Erasure = { by: 'row deleted' }
export const EMPTIED: Erasure = { by: 'emptied' }
export const resetTo = (to: false | []): Erasure => ({ by: 'reset', to })

export const notPersonal = (why: string): ColumnUse => ({ kind: 'not personal', why })
export const saleRecord = (exported: string): ColumnUse => ({ kind: 'sale record', exported })
export const personal = (exported: string, erased: Erasure, note?: string): ColumnUse => ({
  kind: 'personal',
  exported,
  erased,
  ...(note ? { note } : {}),
})
export const withheld = (note: string, erased: Erasure): ColumnUse => ({
  kind: 'personal',
  exported: null,
  note,
  erased,
})

export const INTERNAL_ID = 'an internal id, meaningless to the person'
export const ACCOUNT_ID = 'the account id, given as account.id'
export const UNUSED_SOCIAL = 'unused: there is no sign-in with another provider'
export const TOKEN = 'a one-time token: the download must not be a way round the password'
