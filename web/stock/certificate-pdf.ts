/**
 * An erasure certificate as a one-page A4 PDF: the heading, the certificate's facts a row each (the
 * same rows as its check page), and at the foot where anyone can check it. Drawn in the PDF's own
 * Helvetica, so no font file ships.
 */
import 'server-only'
import { rgb } from 'pdf-lib'
import { A4 as PAGE, startPdf, writeText } from '@/lib/pdf-text'
import type { CertificateContent } from './certificate-content'

// A 20 mm margin.
const MARGIN = 57
const GREY = rgb(0.35, 0.35, 0.35)
const RULE = rgb(0.75, 0.75, 0.75)
/** Where the values start: the labels' column is this wide. */
const LABEL_WIDTH = 170

export async function certificatePdf(
  content: CertificateContent,
  /** Who issued it: the site's product name, printed above the heading. */
  issuer: string,
  /** Where to check it, its address written in: a PDF proves nothing alone, the check page does. */
  check: string,
): Promise<Uint8Array> {
  const { pdf, fonts } = await startPdf({ title: content.title, subject: content.number, author: issuer })
  const { regular, bold } = fonts
  const page = pdf.addPage([PAGE.width, PAGE.height])
  const width = PAGE.width - 2 * MARGIN

  let y = PAGE.height - MARGIN - 10
  y = writeText(page, bold, issuer, { x: MARGIN, y, size: 14, width, color: GREY }) - 6
  y = writeText(page, bold, content.heading, { x: MARGIN, y, size: 22, width })
  y = writeText(page, bold, content.number, { x: MARGIN, y: y - 4, size: 16, width })
  y -= 18
  for (const [label, value] of content.rows) {
    page.drawLine({ start: { x: MARGIN, y: y + 16 }, end: { x: MARGIN + width, y: y + 16 }, color: RULE })
    const afterLabel = writeText(page, regular, label, { x: MARGIN, y, size: 11, width: LABEL_WIDTH - 10, color: GREY })
    const afterValue = writeText(page, bold, value, {
      x: MARGIN + LABEL_WIDTH,
      y,
      size: 12,
      width: width - LABEL_WIDTH,
    })
    y = Math.min(afterLabel, afterValue) - 10
  }
  y -= 24
  writeText(page, bold, check, { x: MARGIN, y, size: 12, width })
  return pdf.save({ useObjectStreams: false })
}
