/**
 * What one process shares beyond a module. Next gives each route's bundle its own copy of every
 * module, and `npm start` (scripts/server.mjs) runs outside them all, so what must be one per
 * process lives on globalThis, under these names, and every file that reads or writes it names it
 * here. scripts/server.mjs imports this file as it is (Node strips the types): it imports nothing
 * and uses no syntax Node cannot strip.
 */
export const PROCESS_STATE = {
  /** Set by npm start once asked to stop: /api/health/ready answers 503 (web/http/draining.ts). */
  draining: Symbol.for('handback.draining'),
  /** The minute job's timer, which npm start clears on a stop (web/jobs/tick.ts). */
  jobs: Symbol.for('handback.jobs'),
  /** The e-mail being sent, which npm start waits for on a stop (web/mail/outbox-kick.ts). */
  outbox: Symbol.for('handback.outbox'),
  /** Every rate limiter's counts in memory: a form's action and its endpoint count as one (web/http/rate-limit.ts). */
  rateLimitMemory: Symbol.for('handback.rateLimitMemory'),
  /** The database's store of rate limits, beside a shared database (web/http/rate-limit.ts). */
  sharedHitStore: Symbol.for('handback.sharedHitStore'),
  /** Where the current request's e-mail links point, read by the auth instance (web/mail/link-origin.ts). */
  linkOrigin: Symbol.for('handback.linkOrigin'),
  /** Baskets read since the basket's job last marked them used (web/basket/usage.ts). */
  basketUses: Symbol.for('handback.basketUses'),
  /** The carrier's labels being asked for after a checkout (web/carrier/jobs.ts): a stop waits for them. */
  carrierLabels: Symbol.for('handback.carrierLabels'),
  /** The London day the embedded database was last vacuumed (web/jobs/upkeep.ts). */
  databaseUpkeep: Symbol.for('handback.databaseUpkeep'),
} as const

export type ProcessStateName = keyof typeof PROCESS_STATE

const slots = globalThis as unknown as Record<symbol, unknown>

/** The process's value under `name`, made by `make` the first time anything asks for it. */
export function processState<T>(name: ProcessStateName, make: () => T): T {
  return (slots[PROCESS_STATE[name]] ??= make()) as T
}

/** The process's value under `name`, if anything has set it. */
export function readProcessState<T>(name: ProcessStateName): T | undefined {
  return slots[PROCESS_STATE[name]] as T | undefined
}

/** Sets the process's value under `name`. */
export function writeProcessState<T>(name: ProcessStateName, value: T): void {
  slots[PROCESS_STATE[name]] = value
}
