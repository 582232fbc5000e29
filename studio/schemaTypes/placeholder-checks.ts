import { checkPlaceholders, placeholdersIn, SITE_FACTS_HINT } from '../../content-rules/site-facts'

/**
 * Every line and paragraph of copy may use the site facts ({phone}, {productName}…) and the
 * placeholders its own description names ({reference}, {total}…); anything else in braces is a
 * typing mistake, shown to the editor before publishing. Applied to the whole schema at once, so
 * no field can be left out, and each field's description ends with the facts it may use.
 */
type Validation = (rule: CustomRule) => unknown
type Context = { document?: { _type?: string }; path?: unknown[] }
type CustomRule = { custom: (check: (value: unknown, context: Context) => true | string) => unknown }
type Field = {
  name: string
  type: string
  description?: string
  validation?: Validation
  options?: { list?: unknown }
  fields?: Field[]
  of?: Field[]
}

// The facts themselves: a placeholder there would point at itself.
const FACT_SOURCES = new Set(['productName', 'contactPhone', 'contactEmail', 'postalAddress', 'paymentCutoff'])
// Keys and choices from a list are not copy.
const isCopy = (field: Field, owner: string) =>
  (field.type === 'string' || field.type === 'text') &&
  !field.options?.list &&
  field.name !== 'key' &&
  !(owner === 'siteSettings' && FACT_SOURCES.has(field.name))

/**
 * A shared object type (one e-mail's subject and paragraphs) takes the placeholders that the field
 * holding it names: "Order placed" may use {reference}, "Password changed" may not.
 */
function placeholdersAbove(types: Map<string, Field>, context: Context): string[] {
  const found: string[] = []
  let fields = types.get(context.document?._type ?? '')?.fields
  for (const segment of (context.path ?? []).slice(0, -1)) {
    const field = typeof segment === 'string' ? fields?.find((candidate) => candidate.name === segment) : undefined
    if (!field) break
    found.push(...placeholdersIn(field.description ?? ''))
    fields = field.fields ?? types.get(field.type)?.fields
  }
  return found
}

function checked(field: Field, owner: string, types: Map<string, Field>): Field {
  if (isCopy(field, owner)) {
    const own = placeholdersIn(field.description ?? '')
    const original = field.validation
    return {
      ...field,
      description: [field.description, SITE_FACTS_HINT].filter(Boolean).join(' '),
      validation: (rule) => {
        const base = original?.(rule)
        const check = rule.custom((value, context) =>
          checkPlaceholders(typeof value === 'string' ? value : '', [...own, ...placeholdersAbove(types, context)]),
        )
        return [...(Array.isArray(base) ? base : base ? [base] : []), check]
      },
    }
  }
  return {
    ...field,
    ...(field.fields ? { fields: field.fields.map((child) => checked(child, owner, types)) } : {}),
    ...(field.of ? { of: field.of.map((member) => checked(member, owner, types)) } : {}),
  }
}

export function withPlaceholderChecks<T>(types: T[]): T[] {
  const byName = new Map(types.map((type) => [(type as Field).name, type as Field]))
  return types.map((type) => checked(type as Field, (type as Field).name, byName) as T)
}
