/**
 * Reading a page's form as a browser running no scripts posts it, for the scripts that post forms
 * (the bench, the reset timing): the forms are server actions, whose hidden `$ACTION_…` fields name
 * the action. tests/e2e/form-post.ts does the same for the tests.
 */

/** Text in an HTML attribute or element, as the browser reads it. */
export const unescapeHtml = (text) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')

/**
 * The hidden fields of the page's form that holds a field named `field` (or, without one, the first
 * form with a server action): Next's `$ACTION_…` ones and the form's own (one-time keys, prices).
 */
export function hiddenFields(html, field) {
  const form = [...html.matchAll(/<form\b[\s\S]*?<\/form>/g)]
    .map((match) => match[0])
    .find((text) => (field ? text.includes(`name="${field}"`) : text.includes('$ACTION_')))
  if (!form) throw new Error(field ? `No form with a field "${field}" on the page` : 'No form on the page')
  const fields = {}
  for (const [input] of form.matchAll(/<input\b[^>]*>/g)) {
    if (!/type="hidden"/.test(input)) continue
    const name = /name="([^"]*)"/.exec(input)?.[1]
    if (name) fields[unescapeHtml(name)] = unescapeHtml(/value="([^"]*)"/.exec(input)?.[1] ?? '')
  }
  return fields
}

/** An iPhone 13, 128GB, in good condition: the model page's choices as its form sends them. */
export const GOOD_IPHONE_13 = {
  model: 'model-iphone-13',
  storage: '128gb',
  power: 'yes',
  cracks: 'no',
  casing: 'light',
  lock: 'yes',
  blocked: 'no',
}
