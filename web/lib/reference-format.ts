/** The characters of an order reference: none that reads like another (no 0, O, 1 or I). */
export const REFERENCE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ'
export const REFERENCE_PREFIX = 'HB'
const PREFIX = REFERENCE_PREFIX

/** A reference as a person might type it (any case, with or without spaces and hyphens), or null. */
export function normaliseReference(input: string): string | null {
  const compact = input.toUpperCase().replace(/[\s-]/g, '')
  // The prefix is optional; a reference of its own may also start with the same two letters.
  const body =
    compact.length === 8 + PREFIX.length && compact.startsWith(PREFIX) ? compact.slice(PREFIX.length) : compact
  if (body.length !== 8 || [...body].some((c) => !REFERENCE_ALPHABET.includes(c))) return null
  return `${PREFIX}-${body.slice(0, 4)}-${body.slice(4)}`
}
