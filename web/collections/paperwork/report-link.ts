/**
 * The link to a collection's itemised report, which says what each device was worth: signed for
 * that report alone (paperwork-link.ts), as the waste transfer note's is. Staff open it signed in;
 * anyone else gets a 404.
 */
import 'server-only'
import { formatCertificateCode } from '@/stock/certificate-code'
import { paperworkToken, readPaperworkToken } from './paperwork-link'

export const reportToken = (number: string, now?: number, secret?: string) =>
  paperworkToken('report', number, now, secret)

/** Whether `token` grants the report `number`: signed for it, whole, and not expired. */
export const readReportToken = (token: string, number: string, now?: number, secret?: string) =>
  readPaperworkToken('report', token, number, now, secret)

/** The report's address: for staff as it is, for the business's e-mail with its signed key. */
export function reportPath(number: string, key?: string): string {
  const path = `/collection-reports/${formatCertificateCode(number)}`
  return key ? `${path}?key=${encodeURIComponent(key)}` : path
}
