import 'server-only'
import { rgb, type PDFEmbeddedPage, type PDFFont, type PDFPage } from 'pdf-lib'
import { code128Widths } from '@/lib/barcode'
import { A4 as PAGE, startPdf, writeText as write } from '@/lib/pdf-text'

/**
 * What the printed label and packing slip say, every word already in place: the same words and
 * facts as the receipt page's printable label (see postageLabelContent), so the two agree.
 */
export type LabelContent = {
  reference: string
  /** The document's title, which a PDF viewer shows and a test reads back. */
  title: string
  label: { heading: string; address: string[]; instructions: string }
  /** The slip; its total is left out when empty (a return's note has none). */
  slip: { heading: string; instructions: string; seller: string | null; lines: string[]; total: string }
}

// A 15 mm margin.
const MARGIN = 42
const BLACK = rgb(0, 0, 0)
const GREY = rgb(0.35, 0.35, 0.35)
/** One barcode module in points: 0.53 mm, wide enough for any warehouse scanner. */
export const MODULE = 1.5
const QUIET_ZONE = 10 * MODULE

/**
 * The label and packing slip as a one-page A4 PDF: the label in a dashed box to cut out (the
 * freepost address, the reference as a Code 128 barcode and in writing), the slip under it.
 * Drawn with the PDF's own Helvetica, so no font file ships; characters it cannot show become "?".
 */
export function postageLabelPdf(content: LabelContent): Promise<Uint8Array> {
  return labelsPdf([content], { title: content.title, subject: content.reference })
}

/**
 * The same page with the carrier's tracked label (the first page of its PDF, at its own size) where
 * ours would be, and our packing slip under it; its keywords name the reference and the tracking number.
 */
export async function trackedLabelPdf(content: LabelContent, carrier: { trackingNumber: string; pdf: Uint8Array }) {
  const { pdf, fonts } = await startPdf({ title: content.title, subject: content.reference })
  pdf.setKeywords([content.reference, carrier.trackingNumber])
  const [label] = await pdf.embedPdf(carrier.pdf, [0])
  drawLabelPage(pdf.addPage([PAGE.width, PAGE.height]), fonts, content, label)
  return pdf.save({ useObjectStreams: false })
}

/** Many labels, one A4 page each as postageLabelPdf draws it, in one PDF (return labels in bulk). */
export async function labelsPdf(pages: readonly LabelContent[], meta: { title: string; subject: string }) {
  const { pdf, fonts } = await startPdf(meta)
  for (const content of pages) drawLabelPage(pdf.addPage([PAGE.width, PAGE.height]), fonts, content)
  return pdf.save({ useObjectStreams: false })
}

function drawLabelPage(
  page: PDFPage,
  fonts: { regular: PDFFont; bold: PDFFont },
  content: LabelContent,
  carrierLabel?: PDFEmbeddedPage,
) {
  const width = PAGE.width - 2 * MARGIN

  let y = PAGE.height - MARGIN
  if (carrierLabel) {
    // At its own size (a carrier's A6), no wider than the page's margins allow.
    const scale = Math.min(1, width / carrierLabel.width)
    y -= carrierLabel.height * scale
    page.drawPage(carrierLabel, {
      x: MARGIN,
      y,
      width: carrierLabel.width * scale,
      height: carrierLabel.height * scale,
    })
  } else y = drawOwnLabel(page, fonts, content, y, width)
  y -= 20
  y = write(page, fonts.regular, content.label.instructions, { x: MARGIN, y, size: 11, width, color: GREY })

  y -= 36
  y = write(page, fonts.bold, content.slip.heading, { x: MARGIN, y, size: 14, width })
  y = write(page, fonts.regular, content.slip.instructions, { x: MARGIN, y: y - 4, size: 11, width, color: GREY })
  y -= 16
  y = write(page, fonts.bold, content.reference, { x: MARGIN, y, size: 14, width })
  if (content.slip.seller) y = write(page, fonts.regular, content.slip.seller, { x: MARGIN, y: y - 4, size: 12, width })
  y -= 6
  for (const line of content.slip.lines) y = write(page, fonts.regular, line, { x: MARGIN, y, size: 12, width })
  if (content.slip.total) write(page, fonts.bold, content.slip.total, { x: MARGIN, y: y - 6, size: 12, width })
}

/** Our own label in a dashed box to cut out: the freepost address, the reference as a barcode and in writing. */
function drawOwnLabel(
  page: PDFPage,
  fonts: { regular: PDFFont; bold: PDFFont },
  content: LabelContent,
  top: number,
  width: number,
): number {
  let y = top
  const boxTop = y
  y -= 28
  y = write(page, fonts.bold, content.label.heading, { x: MARGIN + 20, y, size: 16, width: width - 40 })
  y -= 14
  for (const line of content.label.address) {
    y = write(page, fonts.bold, line, { x: MARGIN + 20, y, size: 18, width: width - 40, leading: 24 })
  }
  y -= 30
  const barcodeHeight = 64
  drawBarcode(page, content.reference, MARGIN + 20, y - barcodeHeight, barcodeHeight)
  y -= barcodeHeight + 22
  y = write(page, fonts.bold, content.reference, { x: MARGIN + 20 + QUIET_ZONE, y, size: 16, width })
  const boxBottom = y - 12
  page.drawRectangle({
    x: MARGIN,
    y: boxBottom,
    width,
    height: boxTop - boxBottom,
    borderColor: GREY,
    borderWidth: 1,
    borderDashArray: [6, 4],
  })
  return boxBottom
}

/** Black bars on the page's white, the quiet zone left clear on both sides, as code128Svg draws them. */
function drawBarcode(page: PDFPage, text: string, x: number, y: number, height: number) {
  let at = x + QUIET_ZONE
  code128Widths(text).forEach((modules, index) => {
    if (index % 2 === 0) page.drawRectangle({ x: at, y, width: modules * MODULE, height, color: BLACK })
    at += modules * MODULE
  })
}
