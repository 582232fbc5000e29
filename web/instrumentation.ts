/**
 * Runs once when a server process starts: with a shared database, the keys every instance must hold
 * alike are checked first (the process refuses to start without them); then the order jobs (e-mail
 * outbox, price holds, revised offer deadlines and reminders, quarantines) start ticking. Not in the
 * Edge runtime, not at build.
 */
export async function register() {
  // Next writes NEXT_RUNTIME into each build, so the edge build drops the imports below (the one
  // read of process.env outside config.ts: a build constant, not a setting).
  if (process.env.NEXT_RUNTIME !== 'nodejs') return
  const { refuseToStartWithoutSharedSecrets } = await import('@/config/secrets')
  refuseToStartWithoutSharedSecrets()
  const { startOrderJobs } = await import('@/orders/jobs')
  startOrderJobs()
}
