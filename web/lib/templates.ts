/** Fills {placeholders} in editor-written text. Unknown placeholders are left as written. */
export function fillTemplate(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : whole,
  )
}

/** '{title} | {productName}' with the page title and product name in place. */
export function formatTitle(template: string, title: string, productName: string): string {
  return fillTemplate(template, { title, productName })
}
