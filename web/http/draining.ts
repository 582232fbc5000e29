/**
 * Set by `npm start` (scripts/server.mjs) once the process was asked to stop: it finishes what it
 * is serving and takes nothing new, so a balancer asking /api/health/ready is told to send no more.
 */
const DRAINING = Symbol.for('handback.draining')

export function isDraining(): boolean {
  return (globalThis as typeof globalThis & { [DRAINING]?: boolean })[DRAINING] === true
}
