/**
 * An erasure certificate's number: 12 random hexadecimal digits, written in threes of four
 * (`3F9A-07C2-E41B`) on the certificate and in its verification address, and read back however it
 * is typed (lower case, spaces or dashes anywhere). Random, so that no certificate's number can be
 * worked out from another's, and stored with the erasure record, so that it stays true whatever
 * secret the site is given later. Pure but for the random draw.
 */
import { randomBytes } from 'node:crypto'

const DIGITS = 12

export function newCertificateCode(): string {
  return randomBytes(DIGITS / 2)
    .toString('hex')
    .toUpperCase()
}

/** As printed: three groups of four. */
export function formatCertificateCode(code: string): string {
  return code.match(/.{1,4}/g)!.join('-')
}

/** A typed number as stored, or null when it cannot be one (wrong length, or not hexadecimal). */
export function parseCertificateCode(typed: string): string | null {
  const code = typed.replace(/[\s-]/g, '').toUpperCase()
  return new RegExp(`^[0-9A-F]{${DIGITS}}$`).test(code) ? code : null
}
