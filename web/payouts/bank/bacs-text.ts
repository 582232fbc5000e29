/**
 * Text as a Bacs bank file carries it: upper-case A–Z, digits, space, full stop, ampersand, slash
 * and hyphen. Pure and free of Node's modules, so checkout's rules in the browser use it too: a
 * name is refused where it is typed if the file would lose any of its letters.
 */

/** Bacs's character set: upper-case letters, digits, space, full stop, ampersand, slash, hyphen. */
const BACS_CHARACTERS = /[^A-Z0-9 .&/-]/g
/** The width of a name or reference field in a Standard 18 record. */
export const BACS_FIELD = 18

/** Latin letters that do not come apart into a letter and an accent, spelled as banks spell them. */
const LATIN_SPELLED: Record<string, string> = {
  Ł: 'L',
  ł: 'l',
  Ø: 'O',
  ø: 'o',
  Æ: 'AE',
  æ: 'ae',
  Œ: 'OE',
  œ: 'oe',
  Đ: 'D',
  đ: 'd',
  Ð: 'D',
  ð: 'd',
  Þ: 'TH',
  þ: 'th',
  ı: 'i',
}

/** Accents dropped (Zoë as ZOE), upper case: before anything outside Bacs's characters is blanked. */
function folded(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[ŁłØøÆæŒœĐđÐðÞþı]/g, (letter) => LATIN_SPELLED[letter] ?? letter)
    .toUpperCase()
}

/** A name or reference as Bacs takes it: folded, its own characters only, `width` at most. */
export function bacsText(value: string, width = BACS_FIELD): string {
  const plain = folded(value).replace(BACS_CHARACTERS, ' ').replace(/ +/g, ' ').trim()
  return plain.slice(0, width).trimEnd()
}

/**
 * Whether a bank file carries this name: it has a letter, and every letter and digit in it is one
 * Bacs has once folded. "Дмитрий Иванов" would be blank, "Li 李" would lose a letter: both are not.
 */
export function bacsCarries(name: string): boolean {
  const letters = folded(name).match(/[\p{L}\p{N}]/gu) ?? []
  return letters.some((letter) => /[A-Z]/.test(letter)) && letters.every((letter) => /[A-Z0-9]/.test(letter))
}

/** Whether a name would reach the bank file with no letter in it: blank, or punctuation alone. */
export function bacsNameless(name: string): boolean {
  return !/[A-Z]/.test(bacsText(name))
}
