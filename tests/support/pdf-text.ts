import { execFileSync } from 'node:child_process'

/** A PDF's text as poppler's pdftotext reads it (installed with poppler-utils), pages in order. */
export function pdfText(pdf: Uint8Array): string {
  return execFileSync('pdftotext', ['-layout', '-', '-'], { input: Buffer.from(pdf) }).toString('utf8')
}
