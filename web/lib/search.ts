/** The header search: a case-insensitive substring match on the title, done in the browser. */
export function matchItems<T extends { title: string }>(items: readonly T[], query: string): T[] {
  const needle = query.trim().toLocaleLowerCase('en-GB')
  if (!needle) return []
  return items.filter((item) => item.title.toLocaleLowerCase('en-GB').includes(needle))
}

/** The brand as the result list shows it: its first five characters. */
export function shortBrand(brand: string): string {
  return Array.from(brand).slice(0, 5).join('')
}
