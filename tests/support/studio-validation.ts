import { schemaTypes } from '../../studio/schemaTypes'
import type { Doc } from './seed-copy'

/**
 * Runs the Studio's own custom validation rules (the ones an editor sees before publishing) over
 * documents, field by field, through the real schema definitions. Built-in rules (required, max,
 * regex) are Sanity's and are checked against schema.json by schema-validator.ts; this reaches the
 * `rule.custom(…)` checks, such as the placeholder check on every line of copy.
 */
type Field = {
  name: string
  type: string
  fields?: Field[]
  of?: Field[]
  validation?: (rule: unknown) => unknown
}

const named = new Map((schemaTypes as unknown as Field[]).map((type) => [type.name, type]))

/** A stand-in for Sanity's Rule: every call chains, and custom checks are collected. */
function collectChecks(field: Field): Array<(value: unknown, context: Context) => unknown> {
  const checks: Array<(value: unknown, context: Context) => unknown> = []
  const rule: unknown = new Proxy(
    {},
    {
      get: (_, method) =>
        method === 'custom'
          ? (check: (value: unknown, context: Context) => unknown) => (checks.push(check), rule)
          : () => rule,
    },
  )
  field.validation?.(rule)
  return checks
}

type Context = { parent: unknown; document: Doc; path: unknown[] }

function check(value: unknown, field: Field, at: string, out: string[], context: Context): void {
  if (value === undefined || value === null) return
  if (field.type === 'string' || field.type === 'text') {
    for (const run of collectChecks(field)) {
      const verdict = run(value, context)
      if (verdict !== true && verdict !== undefined) out.push(`${at}: ${String(verdict)}`)
    }
    return
  }
  if (field.type === 'block') return
  const definition = named.get(field.type)
  const shape = field.fields || field.of ? field : definition
  if (!shape) return
  if (shape.fields && value && typeof value === 'object' && !Array.isArray(value)) {
    const record = value as Record<string, unknown>
    for (const child of shape.fields)
      check(record[child.name], child, `${at}.${child.name}`, out, {
        ...context,
        parent: record,
        path: [...context.path, child.name],
      })
  }
  if (shape.of && Array.isArray(value)) {
    value.forEach((item, index) => {
      const itemType = (item as { _type?: string } | null)?._type
      const member = shape.of!.find((candidate) => candidate.name === itemType || candidate.type === itemType)
      const key = (item as { _key?: string } | null)?._key ?? index
      const inner = { ...context, parent: value, path: [...context.path, { _key: key }] }
      if (member) check(item, member, `${at}[${key}]`, out, inner)
      else if (shape.of!.length === 1) check(item, shape.of![0]!, `${at}[${key}]`, out, inner)
    })
  }
}

/** Every message the Studio's custom rules would show for these documents, with where. */
export function studioValidationErrors(docs: Doc[]): string[] {
  const out: string[] = []
  for (const doc of docs) {
    const type = named.get(doc._type)
    if (type?.fields)
      for (const field of type.fields)
        check(doc[field.name], field, `${doc._id}.${field.name}`, out, {
          parent: doc,
          document: doc,
          path: [field.name],
        })
  }
  return out
}
