/**
 * A collection's certificate or waste transfer note as an A4 PDF: the issuer, the heading and the
 * number, the rows (a row with no value is a sub-heading), then the list (every device), going on
 * to a new page as it fills, and at the foot of the last where it is checked. Drawn as the erasure
 * certificate is, in the PDF's own Helvetica (web/lib/pdf-text.ts).
 */
import 'server-only'
import { rgb, type PDFPage } from 'pdf-lib'
import { A4 as PAGE, startPdf, writeText } from '@/lib/pdf-text'
import type { PaperworkContent } from './paperwork-content'

const MARGIN = 57
const GREY = rgb(0.35, 0.35, 0.35)
const RULE = rgb(0.75, 0.75, 0.75)
const LABEL_WIDTH = 190
/** Room kept at the foot of a page before the next line goes over. */
const FOOT = MARGIN + 20

export async function paperworkPdf(
  content: PaperworkContent,
  issuer: string,
  foot: string | null,
): Promise<Uint8Array> {
  const { pdf, fonts } = await startPdf({ title: content.title, subject: content.number, author: issuer })
  const { regular, bold } = fonts
  const width = PAGE.width - 2 * MARGIN
  let page: PDFPage = pdf.addPage([PAGE.width, PAGE.height])
  let y = PAGE.height - MARGIN - 10
  const room = (needed: number) => {
    if (y - needed >= FOOT) return
    page = pdf.addPage([PAGE.width, PAGE.height])
    y = PAGE.height - MARGIN - 10
  }

  y = writeText(page, bold, issuer, { x: MARGIN, y, size: 14, width, color: GREY }) - 6
  y = writeText(page, bold, content.heading, { x: MARGIN, y, size: 22, width })
  y = writeText(page, bold, content.number, { x: MARGIN, y: y - 4, size: 16, width })
  y -= 18
  for (const [label, value] of content.rows) {
    room(40)
    if (!value) {
      y = writeText(page, bold, label, { x: MARGIN, y: y - 6, size: 13, width }) - 6
      continue
    }
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
  if (content.list) {
    room(60)
    y = writeText(page, bold, content.list.heading, { x: MARGIN, y: y - 10, size: 14, width }) - 4
    for (const line of content.list.lines) {
      room(30)
      y = writeText(page, regular, line, { x: MARGIN, y, size: 10.5, width }) - 3
    }
  }
  if (foot) {
    room(40)
    writeText(page, bold, foot, { x: MARGIN, y: y - 24, size: 12, width })
  }
  return pdf.save({ useObjectStreams: false })
}
