/**
 * A purchase invoice as a one-page A4 PDF: the heading, its number and date, the seller and us side
 * by side, a row per device bought with its IMEI and price, the total, and the VAT note. Drawn in the
 * PDF's own Helvetica, so no font file ships.
 */
import 'server-only'
import { rgb } from 'pdf-lib'
import { A4 as PAGE, startPdf, writeText } from '@/lib/pdf-text'
import type { InvoiceContent } from './invoice-content'

// A 20 mm margin.
const MARGIN = 57
const GREY = rgb(0.35, 0.35, 0.35)
const RULE = rgb(0.75, 0.75, 0.75)

export async function invoicePdf(content: InvoiceContent, subject: string): Promise<Uint8Array> {
  const { pdf, fonts } = await startPdf({ title: content.title, subject, author: content.buyer.lines[0] ?? '' })
  const { regular, bold } = fonts
  const page = pdf.addPage([PAGE.width, PAGE.height])
  const width = PAGE.width - 2 * MARGIN
  const half = width / 2

  let y = PAGE.height - MARGIN - 10
  y = writeText(page, bold, content.heading, { x: MARGIN, y, size: 22, width }) - 6
  for (const [label, value] of content.facts) {
    writeText(page, regular, label, { x: MARGIN, y, size: 11, width: 120, color: GREY })
    y = writeText(page, bold, value, { x: MARGIN + 120, y, size: 11, width: width - 120 })
  }
  y -= 18
  let low = y
  for (const [index, party] of [content.seller, content.buyer].entries()) {
    const x = MARGIN + index * half
    let at = writeText(page, regular, party.heading, { x, y, size: 11, width: half - 10, color: GREY })
    at = writeText(page, bold, party.lines[0] ?? '', { x, y: at, size: 12, width: half - 10 })
    at = writeText(page, regular, party.lines.slice(1).join('\n'), { x, y: at, size: 11, width: half - 10 })
    low = Math.min(low, at)
  }
  y = low - 20

  // The devices: device, IMEI, price (right-aligned), a rule between rows.
  const columns = [MARGIN, MARGIN + width * 0.5, MARGIN + width]
  const right = (font: typeof bold, text: string, at: number, size: number) =>
    page.drawText(text, { x: columns[2]! - font.widthOfTextAtSize(text, size), y: at, size, font })
  const [device, imei, price] = content.columns
  writeText(page, regular, device, { x: columns[0]!, y, size: 10, width: width * 0.5 - 10, color: GREY })
  writeText(page, regular, imei, { x: columns[1]!, y, size: 10, width: width * 0.3, color: GREY })
  page.drawText(price, {
    x: columns[2]! - regular.widthOfTextAtSize(price, 10),
    y,
    size: 10,
    font: regular,
    color: GREY,
  })
  y -= 8
  for (const [name, serial, amount] of content.rows) {
    page.drawLine({ start: { x: MARGIN, y }, end: { x: MARGIN + width, y }, color: RULE })
    y -= 16
    const after = writeText(page, regular, name, { x: columns[0]!, y, size: 11, width: width * 0.5 - 10 })
    writeText(page, regular, serial, { x: columns[1]!, y, size: 11, width: width * 0.3 })
    right(regular, amount, y, 11)
    y = after - 2
  }
  page.drawLine({ start: { x: MARGIN, y }, end: { x: MARGIN + width, y }, color: RULE, thickness: 1.5 })
  y -= 18
  writeText(page, bold, content.total[0], { x: columns[1]!, y, size: 12, width: width * 0.3 })
  right(bold, content.total[1], y, 12)
  y -= 40
  writeText(page, regular, content.vatNote, { x: MARGIN, y, size: 10, width, color: GREY })
  return pdf.save({ useObjectStreams: false })
}
