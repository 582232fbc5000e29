/**
 * The link to a collection's certificate as a PDF listing every IMEI whole, for the business that
 * owned the devices: signed for that certificate alone (paperwork-link.ts). Without the key (or a
 * signed-in member of staff) the same address gives the public certificate, each IMEI by its last
 * digits, as the check page shows it.
 */
import 'server-only'
import { certificatePath } from '@/stock/certificate-content'
import { paperworkToken, readPaperworkToken } from './paperwork-link'

export const collectionCertificateToken = (number: string, now?: number, secret?: string) =>
  paperworkToken('certificate', number, now, secret)

/** Whether `token` grants the whole IMEIs of certificate `number`: signed for it, whole, and not expired. */
export const readCollectionCertificateToken = (token: string, number: string, now?: number, secret?: string) =>
  readPaperworkToken('certificate', token, number, now, secret)

/** The certificate's PDF with its signed key: every IMEI whole. */
export const collectionCertificatePdfPath = (number: string, key: string) =>
  `${certificatePath(number, 'pdf')}?key=${encodeURIComponent(key)}`
