import { code128Svg, code128Widths } from '@/lib/barcode'

// The pattern of a value as the encoder draws it: encode a one-character text and take symbol 2.
const patternOf = (value: number) =>
  code128Widths(String.fromCharCode(value + 32))
    .slice(6, 12)
    .join('')

// Values 95–102 have no character in set B (DEL, FNC3, FNC2, SHIFT, CODE C, FNC4, CODE A, FNC1) but a
// checksum can be any of them: their patterns as the standard's table gives them.
const HIGH_PATTERNS = ['114113', '114311', '411113', '411311', '113141', '114131', '311141', '411131']
const checksumPatternOf = (value: number) => (value < 95 ? patternOf(value) : HIGH_PATTERNS[value - 95]!)

/** The checksum the standard asks for: start B (104) plus each value times its position, mod 103. */
const checksumOf = (text: string) =>
  [...text].reduce((sum, character, index) => sum + (character.charCodeAt(0) - 32) * (index + 1), 104) % 103

/** Reads widths back into text, as a scanner would: symbol by symbol, checking the checksum. */
function decode(widths: number[]): string {
  const symbols: string[] = []
  for (let i = 0; i + 6 <= widths.length - 7; i += 6) symbols.push(widths.slice(i, i + 6).join(''))
  const [start, ...data] = symbols
  expect(start).toBe('211214')
  const checksumPattern = data.pop()!
  const values = data.map((pattern) => {
    const value = Array.from({ length: 95 }, (_, v) => v).find((v) => patternOf(v) === pattern)
    if (value === undefined) throw new Error(`unknown pattern ${pattern}`)
    return value
  })
  const checksum = values.reduce((sum, value, index) => sum + value * (index + 1), 104) % 103
  expect(checksumPattern).toBe(checksumPatternOf(checksum))
  return values.map((value) => String.fromCharCode(value + 32)).join('')
}

describe('Code 128 set B', () => {
  it('starts with Start B and ends with the 13-module stop pattern', () => {
    const widths = code128Widths('HB')
    expect(widths.slice(0, 6).join('')).toBe('211214')
    expect(widths.slice(-7).join('')).toBe('2331112')
  })

  it('encodes "HB" with the standard patterns and checksum', () => {
    // H is 72 - 32 = 40 (231113), B is 34 (131123); checksum (104 + 40×1 + 34×2) mod 103 = 6 (122213).
    expect(code128Widths('HB').join('')).toBe(['211214', '231113', '131123', '122213', '2331112'].join(''))
  })

  it('has 11 modules a symbol, so n characters take 11 × (n + 3) + 2 modules', () => {
    for (const text of ['A', 'HB-7K4M-Q2XP', 'HB-2222-ZZZZ']) {
      const sum = code128Widths(text).reduce((a, b) => a + b, 0)
      expect(sum).toBe(11 * (text.length + 3) + 2)
    }
  })

  it('gives every value its own pattern, with an even number of bar modules', () => {
    const patterns = Array.from({ length: 95 }, (_, value) => patternOf(value))
    expect(new Set(patterns).size).toBe(95)
    for (const pattern of patterns) {
      const bars = Number(pattern[0]) + Number(pattern[2]) + Number(pattern[4])
      expect(bars % 2).toBe(0)
    }
  })

  it('reads back as the references it encodes', () => {
    for (const reference of ['HB-7K4M-Q2XP', 'HB-AAAA-2222', 'HB-ZW9X-3N4P']) {
      expect(decode(code128Widths(reference))).toBe(reference)
    }
  })

  it('draws a checksum of 95 to 102 with the standard’s pattern, and reads back', () => {
    // References whose checksum has no character of its own: one for each such value.
    const found = new Map<number, string>()
    for (let n = 0; found.size < 8 && n < 100_000; n++) {
      const reference = `HB-${String(n).padStart(4, '0')}-Q2XP`
      const checksum = checksumOf(reference)
      if (checksum >= 95 && !found.has(checksum)) found.set(checksum, reference)
    }
    expect([...found.keys()].sort((a, b) => a - b)).toEqual([95, 96, 97, 98, 99, 100, 101, 102])
    for (const [checksum, reference] of found) {
      const widths = code128Widths(reference)
      expect(widths.slice(-13, -7).join('')).toBe(HIGH_PATTERNS[checksum - 95])
      expect(decode(widths)).toBe(reference)
    }
  })

  it('refuses what set B cannot encode', () => {
    expect(() => code128Widths('')).toThrow(RangeError)
    expect(() => code128Widths('HB–1')).toThrow(RangeError)
    expect(() => code128Widths('tab\t')).toThrow(RangeError)
  })

  it('draws an SVG labelled with its text, one rectangle per bar', () => {
    const svg = code128Svg('HB-7K4M-Q2XP', { moduleWidth: 1, height: 50 })
    const modules = 11 * (12 + 3) + 2 + 20
    expect(svg).toContain(`viewBox="0 0 ${modules} 50"`)
    expect(svg).toContain('role="img" aria-label="HB-7K4M-Q2XP"')
    const bars = code128Widths('HB-7K4M-Q2XP').filter((_, index) => index % 2 === 0).length
    expect(svg.match(/M\d+ 0h/g)).toHaveLength(bars)
    expect(code128Svg('<&>')).toContain('aria-label="&#60;&#38;&#62;"')
  })
})
