export type Query = Record<string, string | string[] | undefined>

/** A page's search parameters, the first value of each: what a form or a link put there. */
export function firstValues(query: Query): Record<string, string> {
  const values: Record<string, string> = {}
  for (const [key, value] of Object.entries(query)) {
    const first = Array.isArray(value) ? value[0] : value
    if (typeof first === 'string') values[key] = first
  }
  return values
}
