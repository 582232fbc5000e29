import { readProcessState } from '@/config/process-state'

/**
 * Set by `npm start` (scripts/server.mjs) once the process was asked to stop: it finishes what it
 * is serving and takes nothing new, so a balancer asking /api/health/ready is told to send no more.
 */
export function isDraining(): boolean {
  return readProcessState<boolean>('draining') === true
}
