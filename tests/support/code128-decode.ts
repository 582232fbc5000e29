/**
 * Reads Code 128 (set B) bar and space widths back into text, as a scanner does: the start symbol,
 * each symbol by its pattern, the checksum and the stop. It keeps its own copy of the standard's
 * table (ISO/IEC 15417) rather than asking the encoder, so it reads what was drawn, not what the
 * encoder meant to draw.
 */
const TABLE = `212222 222122 222221 121223 121322 131222 122213 122312 132212 221213 221312 231212 112232 122132
122231 113222 123122 123221 223211 221132 221231 213212 223112 312131 311222 321122 321221 312212
322112 322211 212123 212321 232121 111323 131123 131321 112313 132113 132311 211313 231113 231311
112133 112331 132131 113123 113321 133121 313121 211331 231131 213113 213311 213131 311123 311321
331121 312113 312311 332111 314111 221411 431111 111224 111422 121124 121421 141122 141221 112214
112412 122114 122411 142112 142211 241211 221114 413111 241112 134111 111242 121142 121241 114212
124112 124211 411212 421112 421211 212141 214121 412121 111143 111341 131141 114113 114311 411113
411311 113141 114131 311141 411131 211412 211214 211232`.split(/\s+/)
const START_B = 104
const STOP = '2331112'

export function decodeCode128(widths: number[]): string {
  const pattern = widths.join('')
  if (!pattern.endsWith(STOP)) throw new Error('no stop pattern')
  const body = pattern.slice(0, -STOP.length)
  if (body.length % 6 !== 0) throw new Error('symbols are six widths each')
  const values = (body.match(/.{6}/g) ?? []).map((symbol) => {
    const value = TABLE.indexOf(symbol)
    if (value === -1) throw new Error(`unknown symbol ${symbol}`)
    return value
  })
  const [start, ...rest] = values
  if (start !== START_B) throw new Error('not code set B')
  const checksum = rest.pop()
  const data = rest
  const expected = data.reduce((sum, value, index) => sum + value * (index + 1), START_B) % 103
  if (checksum !== expected) throw new Error(`checksum ${checksum} is not ${expected}`)
  return data.map((value) => String.fromCharCode(value + 32)).join('')
}
