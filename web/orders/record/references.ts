import { randomInt } from 'node:crypto'
import { REFERENCE_ALPHABET, REFERENCE_PREFIX as PREFIX } from '@/lib/reference-format'

export { normaliseReference, REFERENCE_ALPHABET } from '@/lib/reference-format'

/**
 * Order references such as "HB-7K4M-Q2XP": eight characters from 32 that cannot be mistaken for
 * one another when read aloud or typed (no 0, O, 1 or I), in two groups of four. Chosen by a
 * cryptographic random source: 32^8 = 2^40 (about 1.1 million million) possibilities, so with the
 * tracker's rate limit and its second factor (the e-mail or postcode) guessing is hopeless.
 */
export const REFERENCE_BITS = 40

export function newReference(): string {
  const pick = () => REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)]
  const group = () => Array.from({ length: 4 }, pick).join('')
  return `${PREFIX}-${group()}-${group()}`
}
