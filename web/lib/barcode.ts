/**
 * Code 128 (code set B) drawn as SVG on the server: an order's reference on its postage label and
 * packing slip, for the scanner at the warehouse. No dependency; the symbol table is the standard's.
 */

// Bar and space widths (in modules) of symbol values 0–105; each adds up to 11.
const PATTERNS = (
  '212222 222122 222221 121223 121322 131222 122213 122312 132212 221213 221312 231212 112232 122132 ' +
  '122231 113222 123122 123221 223211 221132 221231 213212 223112 312131 311222 321122 321221 312212 ' +
  '322112 322211 212123 212321 232121 111323 131123 131321 112313 132113 132311 211313 231113 231311 ' +
  '112133 112331 132131 113123 113321 133121 313121 211331 231131 213113 213311 213131 311123 311321 ' +
  '331121 312113 312311 332111 314111 221411 431111 111224 111422 121124 121421 141122 141221 112214 ' +
  '112412 122114 122411 142112 142211 241211 221114 413111 241112 134111 111242 121142 121241 114212 ' +
  '124112 124211 411212 421112 421211 212141 214121 412121 111143 111341 131141 114113 114311 411113 ' +
  '411311 113141 114131 311141 411131 211412 211214 211232'
).split(' ')
const START_B = 104
// The stop pattern ends with a 2-module bar of its own: 13 modules.
const STOP = '2331112'

/** The symbol's bar and space widths in modules, bar first: start B, the text, the checksum, stop. */
export function code128Widths(text: string): number[] {
  if (!text) throw new RangeError('Code 128 needs at least one character.')
  const values = [...text].map((character) => {
    const code = character.charCodeAt(0)
    if (character.length !== 1 || code < 32 || code > 126) {
      throw new RangeError(`Code 128 set B cannot encode ${JSON.stringify(character)}.`)
    }
    return code - 32
  })
  const checksum = values.reduce((sum, value, index) => sum + value * (index + 1), START_B) % 103
  return [START_B, ...values, checksum]
    .map((value) => PATTERNS[value]!)
    .concat(STOP)
    .join('')
    .split('')
    .map(Number)
}

type Options = { moduleWidth?: number; height?: number; quietZone?: number }

/** A complete SVG image of the barcode, black bars on white, labelled with the text it encodes. */
export function code128Svg(text: string, { moduleWidth = 2, height = 80, quietZone = 10 }: Options = {}): string {
  const widths = code128Widths(text)
  const modules = widths.reduce((sum, width) => sum + width, 0) + 2 * quietZone
  let x = quietZone
  const bars: string[] = []
  widths.forEach((width, index) => {
    if (index % 2 === 0) bars.push(`M${x * moduleWidth} 0h${width * moduleWidth}v${height}h${-width * moduleWidth}z`)
    x += width
  })
  const total = modules * moduleWidth
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${total} ${height}" width="${total}" height="${height}" ` +
    `role="img" aria-label="${escapeXml(text)}"><rect width="${total}" height="${height}" fill="#fff"/>` +
    `<path d="${bars.join('')}" fill="#000"/></svg>`
  )
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}
