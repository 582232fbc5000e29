/**
 * The link to a collection's waste transfer note, which carries the business's address: signed for
 * that note alone (paperwork-link.ts). Staff open it signed in; anyone else gets a 404.
 */
import 'server-only'
import { formatCertificateCode } from '@/stock/certificate-code'
import { paperworkToken, readPaperworkToken } from './paperwork-link'

export const wasteNoteToken = (number: string, now?: number, secret?: string) =>
  paperworkToken('waste-note', number, now, secret)

/** Whether `token` grants the note `number`: signed for it, whole, and not expired. */
export const readWasteNoteToken = (token: string, number: string, now?: number, secret?: string) =>
  readPaperworkToken('waste-note', token, number, now, secret)

/** The note's address: for staff as it is, for the business's e-mail with its signed key. */
export function wasteNotePath(number: string, key?: string): string {
  const path = `/waste-transfer-notes/${formatCertificateCode(number)}`
  return key ? `${path}?key=${encodeURIComponent(key)}` : path
}
