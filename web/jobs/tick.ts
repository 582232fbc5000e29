import 'server-only'
import { jobsEveryMs } from '@/config'
import { processState } from '@/config/process-state'
import { runExclusively } from '@/db/connection'
import { describeError } from '@/lib/log'

/**
 * The work the server does on its own, every minute. Each room that has some registers a job here
 * (web/instrumentation.ts hands the list over), and this tick knows nothing of what they do.
 */
export type Job = {
  /** For the log, when a run fails. */
  name: string
  /**
   * The job's own advisory lock: every instance ticks, and one that finds the job running
   * elsewhere skips its turn. null for work every instance may do at once because it guards each
   * row itself (the outbox leases the messages it sends). Its number is taken from the one registry,
   * db/advisory-locks.ts.
   */
  lock: number | null
  run: () => Promise<unknown>
}

// Shared with scripts/server.mjs through the process's globals: on a stop it clears `timer`.
// `running` is the run under way, if any: a tick that finds one skips its turn.
type State = { timer: NodeJS.Timeout | null; running?: Promise<void> | null }
const state = processState<State>('jobs', () => ({ timer: null }))

/** Runs the jobs one after another, each under its lock; one that fails does not stop the rest. */
export async function runJobs(jobs: readonly Job[]): Promise<void> {
  for (const job of jobs) {
    try {
      await (job.lock === null ? job.run() : runExclusively(job.lock, job.run))
    } catch (error) {
      console.error(`${job.name}: ${describeError(error)}`)
    }
  }
}

/**
 * Started once per server process (instrumentation.ts): a minute's rhythm is plenty for days
 * (JOBS_EVERY_SECONDS sets another). A run that outlasts the rhythm is never joined by the next.
 */
export function startJobs(jobs: readonly Job[]): void {
  if (state.timer) return
  const tick = () => {
    // Content is read through Next's cache, which exists once the server has served a request.
    if (!(globalThis as { __incrementalCache?: unknown }).__incrementalCache) return
    if (state.running) return
    state.running = runJobs(jobs).finally(() => (state.running = null))
  }
  state.timer = setInterval(tick, jobsEveryMs())
  state.timer.unref()
  setTimeout(tick, 5_000).unref()
}
