/**
 * Text on a pdf-lib page in the PDF's own standard fonts: wrapped at word boundaries, a paragraph
 * per line break, and any character the font cannot show printed as "?". The label and the
 * erasure certificate draw their words with it.
 */
import 'server-only'
import { rgb, type PDFFont, type PDFPage, type RGB } from 'pdf-lib'

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
