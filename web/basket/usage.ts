import 'server-only'
import { processState, writeProcessState } from '@/config/process-state'

// One list for the process: each route's bundle has its own copy of this module.
type Uses = Map<string, Date>

/**
 * Notes that a basket was read, for the basket's job to mark it used (markBasketsUsed): a read
 * writes nothing, so the header's badge on every page never queues behind the basket's row.
 */
export function noteBasketUse(id: string, at: Date = new Date()): void {
  processState<Uses>('basketUses', () => new Map()).set(id, at)
}

/** The uses noted since the last call, now handed over. */
export function takeBasketUses(): Uses {
  const uses = processState<Uses>('basketUses', () => new Map())
  writeProcessState<Uses>('basketUses', new Map())
  return uses
}
