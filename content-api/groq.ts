import { evaluate, parse } from 'groq-js'

type Node = Parameters<typeof evaluate>[0]
type Options = Parameters<typeof evaluate>[1]

/**
 * groq-js parses `text::query(x)` (the Studio's search uses it) but cannot evaluate it. This
 * replaces each call with its argument, so `field match text::query($q)` runs as GROQ's own
 * `field match $q`: the same tokens and `*` prefixes, without text::query's `-negation` and its
 * whole-document matching of `@`.
 */
export function parseGroq(query: string, params: Record<string, unknown> = {}): Node {
  // With the parameters, a slice may use them (`[$from...$to]`, as the Studio's lists do).
  return withoutTextQuery(parse(query, { params })) as Node
}

export async function runGroq(tree: Node, options: Options): Promise<unknown> {
  return (await evaluate(tree, options)).get()
}

function withoutTextQuery(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutTextQuery)
  if (typeof node !== 'object' || node === null) return node
  const call = node as { type?: string; namespace?: string; name?: string; args?: unknown[] }
  if (call.type === 'FuncCall' && call.namespace === 'text' && call.name === 'query' && call.args?.length === 1) {
    return withoutTextQuery(call.args[0])
  }
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, withoutTextQuery(value)]))
}
