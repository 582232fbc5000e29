import 'server-only'

// One list for the process: each route's bundle has its own copy of this module.
const KEY = Symbol.for('handback.basketUses')
const shared = globalThis as typeof globalThis & { [KEY]?: Map<string, Date> }

/**
 * Notes that a basket was read, for the basket's job to mark it used (markBasketsUsed): a read
 * writes nothing, so the header's badge on every page never queues behind the basket's row.
 */
export function noteBasketUse(id: string, at: Date = new Date()): void {
  ;(shared[KEY] ??= new Map()).set(id, at)
}

/** The uses noted since the last call, now handed over. */
export function takeBasketUses(): Map<string, Date> {
  const uses = shared[KEY] ?? new Map<string, Date>()
  shared[KEY] = new Map()
  return uses
}
