import { newReference, normaliseReference, REFERENCE_ALPHABET, REFERENCE_BITS } from '@/orders/record/references'

const FORMAT = /^HB-[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{4}-[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{4}$/

describe('the reference alphabet', () => {
  it('has 32 distinct characters: digits and capitals without 0, O, 1 or I', () => {
    expect(REFERENCE_ALPHABET).toHaveLength(32)
    expect(new Set(REFERENCE_ALPHABET).size).toBe(32)
    expect(REFERENCE_ALPHABET).toMatch(/^[2-9A-Z]+$/)
    for (const confusable of ['0', 'O', '1', 'I']) expect(REFERENCE_ALPHABET).not.toContain(confusable)
  })

  it('gives REFERENCE_BITS of choice: 32^8 = 2^40', () => {
    expect(REFERENCE_BITS).toBe(40)
    expect(REFERENCE_ALPHABET.length ** 8).toBe(2 ** REFERENCE_BITS)
  })
})

describe('newReference', () => {
  const draws = Array.from({ length: 10_000 }, newReference)

  it('looks like HB-7K4M-Q2XP', () => {
    for (const reference of draws) expect(reference).toMatch(FORMAT)
  })

  it('does not repeat in 10,000 draws', () => {
    expect(new Set(draws).size).toBe(draws.length)
  })

  it('uses every character of the alphabet, in every position', () => {
    const bodies = draws.map((reference) => reference.replace(/^HB-|-/g, ''))
    for (let position = 0; position < 8; position++) {
      const seen = new Set(bodies.map((body) => body[position]))
      expect([...seen].sort().join('')).toBe(REFERENCE_ALPHABET)
    }
  })

  it('reads back as itself', () => {
    for (const reference of draws.slice(0, 500)) expect(normaliseReference(reference)).toBe(reference)
  })
})

describe('normaliseReference', () => {
  it.each([
    ['HB-7K4M-Q2XP', 'HB-7K4M-Q2XP'],
    ['hb-7k4m-q2xp', 'HB-7K4M-Q2XP'],
    ['HB 7K4M Q2XP', 'HB-7K4M-Q2XP'],
    ['  hb7k4mq2xp ', 'HB-7K4M-Q2XP'],
    ['HB7K4M-Q2XP', 'HB-7K4M-Q2XP'],
    ['7K4M-Q2XP', 'HB-7K4M-Q2XP'],
    ['7k4m q2xp', 'HB-7K4M-Q2XP'],
    ['HB-HB23-ABCD', 'HB-HB23-ABCD'],
  ])('reads %j as %s', (typed, reference) => {
    expect(normaliseReference(typed)).toBe(reference)
  })

  // One reference in 1,024 starts with the letters H and B: typed without its prefix, it is still eight characters.
  it('reads a reference whose own characters start with HB, typed without the prefix', () => {
    expect(normaliseReference('HB23-ABCD')).toBe('HB-HB23-ABCD')
    expect(normaliseReference('hb23abcd')).toBe('HB-HB23-ABCD')
  })

  it.each([
    ['an O', 'HB-7K4M-Q2XO'],
    ['a 0', 'HB-7K4M-Q2X0'],
    ['a 1', 'HB-7K41-Q2XP'],
    ['an I', 'HB-7K4I-Q2XP'],
    ['too few characters', 'HB-7K4M-Q2X'],
    ['too many characters', 'HB-7K4M-Q2XPP'],
    ['another prefix', 'SC-7K4M-Q2XP'],
    ['punctuation', 'HB-7K4M.Q2XP'],
    ['nothing', ''],
    ['the prefix alone', 'HB'],
  ])('refuses a reference with %s', (_label, typed) => {
    expect(normaliseReference(typed)).toBeNull()
  })
})
