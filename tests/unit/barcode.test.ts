import { code128Svg, code128Widths } from '@/lib/barcode'

// The pattern of a value as the encoder draws it: encode a one-character text and take symbol 2.
const patternOf = (value: number) =>
  code128Widths(String.fromCharCode(value + 32))
    .slice(6, 12)
    .join('')

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
  if (checksum < 95) expect(checksumPattern).toBe(patternOf(checksum))
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
