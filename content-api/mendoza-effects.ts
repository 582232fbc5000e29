import { isDeepStrictEqual } from 'node:util'

/**
 * A mendoza encoder. The `mendoza` package only applies patches (its encoder is the Go library),
 * so this writes the opcodes itself: objects are diffed field by field, recursing into nested
 * objects; any other changed value (array, string, number) is sent whole. Patches stay correct,
 * if not as small as the Content Lake's. Opcodes from mendoza's format:
 */
const OP = {
  Value: 0,
  PushFieldCopy: 10,
  ReturnIntoObjectSameKeyPop: 15,
  ObjectSetFieldValue: 17,
  ObjectDeleteField: 19,
} as const

type Plain = Record<string, unknown>

const isPlainObject = (value: unknown): value is Plain =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** `apply` turns `before` into `after`; `revert` turns it back. `null` stands for "no document". */
export function mendozaEffects(before: unknown, after: unknown): { apply: unknown[]; revert: unknown[] } {
  return { apply: encode(before, after), revert: encode(after, before) }
}

export function encode(left: unknown, right: unknown): unknown[] {
  if (isDeepStrictEqual(left, right)) return []
  if (isPlainObject(left) && isPlainObject(right)) return objectOps(left, right)
  return [OP.Value, right ?? null]
}

// The patcher starts with the input as its output and addresses input fields by their index in
// the sorted key list, so deletions name an index and additions name a key.
function objectOps(left: Plain, right: Plain): unknown[] {
  const keys = Object.keys(left).sort()
  const ops: unknown[] = []
  keys.forEach((key, index) => {
    if (!(key in right)) ops.push(OP.ObjectDeleteField, index)
  })
  for (const [key, value] of Object.entries(right)) {
    if (!(key in left)) {
      ops.push(OP.ObjectSetFieldValue, value, key)
      continue
    }
    const previous = left[key]
    if (isDeepStrictEqual(previous, value)) continue
    if (isPlainObject(previous) && isPlainObject(value)) {
      ops.push(OP.PushFieldCopy, keys.indexOf(key), ...objectOps(previous, value), OP.ReturnIntoObjectSameKeyPop)
    } else {
      ops.push(OP.ObjectSetFieldValue, value, key)
    }
  }
  return ops
}
