import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { Doc } from './seed-copy'

/**
 * Checks documents against the Studio's compiled schema (studio/schema.json, from
 * `sanity schema extract --enforce-required-fields`): unknown types and fields, missing required
 * fields, wrong value types, array items without _key, and references to missing documents or to
 * documents of the wrong type.
 */
type TypeNode =
  | { type: 'string'; value?: string }
  | { type: 'number' | 'boolean' | 'null' | 'unknown' }
  | { type: 'object'; attributes: Record<string, Attribute>; rest?: TypeNode; dereferencesTo?: string }
  | { type: 'array'; of: TypeNode }
  | { type: 'union'; of: TypeNode[] }
  | { type: 'inline'; name: string }
type Attribute = { type: 'objectAttribute'; value: TypeNode; optional?: boolean }
type SchemaEntry =
  | { type: 'type'; name: string; value: TypeNode }
  | { type: 'document'; name: string; attributes: Record<string, Attribute> }

export const SCHEMA_PATH = path.resolve(__dirname, '../../studio/schema.json')
const SYSTEM_FIELDS = new Set(['_id', '_type', '_rev', '_createdAt', '_updatedAt'])

export function loadSchema(file = SCHEMA_PATH): SchemaEntry[] {
  return JSON.parse(readFileSync(file, 'utf8')) as SchemaEntry[]
}

export function validateDocuments(docs: Doc[], schema: SchemaEntry[] = loadSchema()): string[] {
  const byName = new Map(schema.map((entry) => [entry.name, entry]))
  const types = new Map(docs.map((doc) => [doc._id, doc._type]))
  const errors: string[] = []

  const resolve = (node: TypeNode): TypeNode => {
    if (node.type !== 'inline') return node
    const entry = byName.get(node.name)
    if (!entry) throw new Error(`schema has no type ${node.name}`)
    return entry.type === 'type' ? resolve(entry.value) : { type: 'object', attributes: entry.attributes }
  }

  const attributesOf = (node: Extract<TypeNode, { type: 'object' }>): Record<string, Attribute> => {
    const rest = node.rest ? resolve(node.rest) : undefined
    return { ...node.attributes, ...(rest?.type === 'object' ? attributesOf(rest) : {}) }
  }

  const check = (value: unknown, raw: TypeNode, at: string, out: string[]): void => {
    const node = resolve(raw)
    switch (node.type) {
      case 'unknown':
        return
      case 'null':
        if (value !== null) out.push(`${at}: expected null`)
        return
      case 'string':
        if (typeof value !== 'string') out.push(`${at}: expected a string`)
        else if (node.value !== undefined && value !== node.value)
          out.push(`${at}: expected "${node.value}", got "${value}"`)
        return
      case 'number':
      case 'boolean':
        if (typeof value !== node.type) out.push(`${at}: expected a ${node.type}`)
        return
      case 'union': {
        const attempts = node.of.map((member) => {
          const errs: string[] = []
          check(value, member, at, errs)
          return errs
        })
        if (attempts.some((errs) => errs.length === 0)) return
        // Report the member that came closest, which names the real problem.
        out.push(...attempts.sort((a, b) => a.length - b.length)[0]!)
        return
      }
      case 'array':
        if (!Array.isArray(value)) return void out.push(`${at}: expected an array`)
        const keys = new Set<string>()
        value.forEach((item, index) => {
          if (item && typeof item === 'object') {
            const key = (item as { _key?: unknown })._key
            if (typeof key !== 'string') out.push(`${at}[${index}]: array item has no _key`)
            else if (keys.has(key)) out.push(`${at}[${index}]: duplicate _key "${key}"`)
            else keys.add(key)
          }
          check(item, node.of, `${at}[${index}]`, out)
        })
        return
      case 'object': {
        if (!value || typeof value !== 'object' || Array.isArray(value))
          return void out.push(`${at}: expected an object`)
        const record = value as Record<string, unknown>
        const attributes = attributesOf(node)
        const isImage = 'asset' in attributes && typeof record._sanityAsset === 'string'
        for (const [name, attribute] of Object.entries(attributes)) {
          if (record[name] === undefined) {
            if (attribute.optional === false) out.push(`${at}.${name}: required field is missing`)
            continue
          }
          if (at !== '' || !SYSTEM_FIELDS.has(name) || name === '_type')
            check(record[name], attribute.value, `${at}.${name}`, out)
        }
        for (const name of Object.keys(record)) {
          if (name in attributes || name === '_key' || (at === '' && SYSTEM_FIELDS.has(name))) continue
          if (name === '_sanityAsset' && isImage) continue
          out.push(`${at}.${name}: unknown field`)
        }
        if (node.dereferencesTo) {
          const target = types.get(String(record._ref))
          if (!target) out.push(`${at}: reference to missing document "${String(record._ref)}"`)
          else if (target !== node.dereferencesTo)
            out.push(`${at}: reference to a ${target}, expected a ${node.dereferencesTo}`)
        }
        return
      }
    }
  }

  for (const doc of docs) {
    const entry = byName.get(doc._type)
    if (!entry || entry.type !== 'document') {
      errors.push(`${doc._id}: unknown document type "${doc._type}"`)
      continue
    }
    const out: string[] = []
    check(doc, { type: 'object', attributes: entry.attributes }, '', out)
    errors.push(...out.map((message) => `${doc._id}${message}`))
  }
  return errors
}
