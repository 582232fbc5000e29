/**
 * What an erasure certificate says, in the Orders document's words (Certificates): the same rows on
 * the public check page and in the PDF, so the two always agree. Pure: the facts and the words in,
 * the lines out; nothing here names the seller.
 */
import type { OrderCopy } from '@/content/types'
import { formatLongDate } from '@/lib/dates'
import { fillTemplate } from '@/lib/templates'
import { formatCertificateCode } from './certificate-code'
import type { CertificateFacts } from './certificates'

export type CertificateWords = OrderCopy['certificate']

/** Where a certificate is checked, from the site's own address: /certificates/3F9A-07C2-E41B. */
export const certificatePath = (code: string, file?: 'pdf') =>
  `/certificates/${formatCertificateCode(code)}${file ? `/${file}` : ''}`

export type CertificateContent = {
  /** The formatted number, as printed: 3F9A-07C2-E41B. */
  number: string
  title: string
  heading: string
  /** Label and value, a row each, in the order they are read. */
  rows: Array<[string, string]>
}

export function certificateContent(facts: CertificateFacts, words: CertificateWords): CertificateContent {
  const number = formatCertificateCode(facts.code)
  const level = { clear: words.levelClear, purge: words.levelPurge, destroy: words.levelDestroy }[facts.level]
  return {
    number,
    title: fillTemplate(words.title, { number }),
    heading: words.heading,
    rows: [
      [words.numberLabel, number],
      [words.deviceLabel, facts.device],
      [words.imeiLabel, facts.imeiEnding ?? words.noImei],
      [words.storageLabel, facts.mediaType],
      [words.standardLabel, level],
      [words.techniqueLabel, facts.technique],
      [words.toolLabel, `${facts.tool} ${facts.toolVersion}`],
      [words.verificationLabel, facts.verification],
      [words.dateLabel, formatLongDate(facts.erasedAt)],
      [words.resultLabel, words.resultPassed],
    ],
  }
}
