/**
 * What the site's PDFs (the label, the erasure certificate, the purchase invoice) share: a document
 * begun with its title and fixed dates and the PDF's own Helvetica, so no font file ships; and text
 * wrapped at word boundaries, a paragraph per line break, any character the font cannot show
 * printed as "?".
 */
import 'server-only'
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage, type RGB } from 'pdf-lib'

/** A4 in points. */
export const A4 = { width: 595.28, height: 841.89 } as const

/**
 * A new document with its title, subject and (when given) author, its dates fixed at 1970 so the
 * same content makes the same bytes, and Helvetica regular and bold embedded.
 */
export async function startPdf(meta: { title: string; subject: string; author?: string }) {
  const pdf = await PDFDocument.create()
  pdf.setTitle(meta.title)
  pdf.setSubject(meta.subject)
  if (meta.author !== undefined) pdf.setAuthor(meta.author)
  pdf.setCreationDate(new Date(0))
  pdf.setModificationDate(new Date(0))
  const fonts = {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
  }
  return { pdf, fonts }
}

const BLACK = rgb(0, 0, 0)

export type TextPlace = { x: number; y: number; size: number; width: number; leading?: number; color?: RGB }

/** Writes text from `y` down, wrapped at word boundaries to `width`; gives the next line's y. */
export function writeText(page: PDFPage, font: PDFFont, text: string, place: TextPlace): number {
  const leading = place.leading ?? place.size * 1.35
  let y = place.y
  for (const paragraph of printable(font, text).split('\n')) {
    for (const line of wrap(font, paragraph, place.size, place.width)) {
      page.drawText(line, { x: place.x, y, size: place.size, font, color: place.color ?? BLACK })
      y -= leading
    }
  }
  return y
}

function wrap(font: PDFFont, paragraph: string, size: number, width: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of paragraph.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word
    if (line && font.widthOfTextAtSize(next, size) > width) {
      lines.push(line)
      line = word
    } else {
      line = next
    }
  }
  return line ? [...lines, line] : lines
}

/** The standard fonts know Windows-1252 only: anything else (an emoji in a name) is printed as "?". */
function printable(font: PDFFont, text: string): string {
  const known = new Set(font.getCharacterSet())
  return [...text].map((c) => (c === '\n' || known.has(c.codePointAt(0)!) ? c : '?')).join('')
}
