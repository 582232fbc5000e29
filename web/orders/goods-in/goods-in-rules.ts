/**
 * Goods-in's pure rules: what a scanned code is once cleaned, the key that makes one open parcel a
 * code, and how many codes one bulk paste may hold. Used by the forms and the store alike.
 */
import type { SCAN_RESULTS } from '@/db/schema/goods-in'

/** What a scan did (the scan table's check lists them): taken in, taken in before, or queued unmatched. */
export type ScanResult = (typeof SCAN_RESULTS)[number]

/** Who scans: a member of staff or a manager, by account. */
export type GoodsInStaff = { id: string; role: 'staff' | 'manager' }

/** Longest code kept: a reference is 12 characters, a carrier's barcode a few dozen. */
export const CODE_MAX = 64
/** Most codes in one paste: a bench's worth, each a scan in its own transaction. */
export const BULK_MAX = 200
/**
 * Scans a session's page lists, newest first, unless all are asked for: a bench scans hundreds a day
 * and reloads the page after each; the counts above the list cover every scan.
 */
export const SESSION_SCANS_SHOWN = 25
/** Longest note on an unmatched parcel, or on returning one. */
export const NOTE_MAX = 1000

/** A code as the scanner typed it: trimmed, inner runs of space made one, control characters gone. */
export function cleanCode(input: string): string {
  return input
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, CODE_MAX)
}

/** The code as compared: upper case, without spaces (a scanner's case and spacing are forgiven). */
export const codeKey = (code: string) => cleanCode(code).toUpperCase().replace(/\s/g, '')

/** The codes of a bulk paste, one a line, blank lines left out. */
export function bulkCodes(input: string): string[] {
  return input
    .split(/\r?\n/)
    .map(cleanCode)
    .filter((code) => code.length > 0)
}
