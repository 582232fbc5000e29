/**
 * Problems a form endpoint sent back in the address to a browser running no scripts
 * (`?problem=code` or `?errors=field:code,…`): known codes only, and a bounded number of them.
 */
export function problemsFromQuery<C extends string>(
  query: Record<string, string>,
  isCode: (code: string) => code is C,
): Array<{ field: string | null; code: C }> {
  const found: Array<{ field: string | null; code: C }> = []
  if (query.problem && isCode(query.problem)) found.push({ field: null, code: query.problem })
  for (const pair of (query.errors ?? '').split(',').slice(0, 30)) {
    const [field, code] = pair.split(':')
    if (field && code && /^[a-zA-Z0-9]{1,30}$/.test(field) && isCode(code)) found.push({ field, code })
  }
  return found
}
