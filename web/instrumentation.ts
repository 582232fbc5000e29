/**
 * Runs once when a server process starts: with a shared database, the keys every instance must hold
 * alike are checked first (the process refuses to start without them); then the minute job starts
 * ticking, with the jobs each room registers (the order clock, the e-mail outbox's retries, the
 * stock's intake, the clean-ups). Not in the Edge runtime, not at build.
 */
export async function register() {
  // Next writes NEXT_RUNTIME into each build, so the edge build drops the imports below (the one
  // read of process.env outside config.ts: a build constant, not a setting).
  if (process.env.NEXT_RUNTIME !== 'nodejs') return
  const { refuseToStartWithoutSharedSecrets } = await import('@/config/secrets')
  refuseToStartWithoutSharedSecrets()
  // A payment account set but mistyped fails now, naming the variable, not at the first payment run.
  const { databaseUrl, paymentOriginator } = await import('@/config')
  paymentOriginator()
  // The embedded database is opened (and migrated) now, before the first visitor: PGlite runs in
  // this process, and its first open holds the event loop for seconds, so a page asked for while
  // the minute job opened it waited that long (5 s measured, far more on a busy machine). A server
  // is reached over connections and opened on first use. A folder that will not open is logged
  // and tried again on first use, as before: the pages do not need it.
  if (!databaseUrl()) {
    const [{ getDb }, { describeError }] = await Promise.all([import('@/db/connection'), import('@/lib/log')])
    await getDb().catch((error: unknown) =>
      console.error(`The database did not open at start: ${describeError(error)}`),
    )
  }
  const [
    { startJobs },
    orders,
    outbox,
    rateLimits,
    subscriptions,
    contact,
    collections,
    basket,
    stock,
    carrier,
    upkeep,
  ] = await Promise.all([
    import('@/jobs/tick'),
    import('@/orders/jobs'),
    import('@/mail/outbox-job'),
    import('@/http/rate-limit-job'),
    import('@/subscriptions/jobs'),
    import('@/contact/retention'),
    import('@/collections/jobs'),
    import('@/basket/jobs'),
    import('@/stock/jobs'),
    import('@/orders/parcels/jobs'),
    import('@/jobs/upkeep'),
  ])
  // Each room's job, in this order every minute, each under its own lock.
  startJobs([
    orders.orderTimersJob,
    orders.registerChecksJob,
    orders.lockHoldsJob,
    orders.orderRetentionJob,
    orders.payoutJob,
    carrier.carrierLabelsJob,
    carrier.parcelTrackingJob,
    carrier.parcelsAstrayJob,
    stock.stockIntakeJob,
    outbox.outboxJob,
    rateLimits.rateLimitPurgeJob,
    subscriptions.priceAlertsJob,
    subscriptions.unconfirmedPurgeJob,
    subscriptions.policyMailingsJob,
    contact.contactRetentionJob,
    collections.collectionRetentionJob,
    basket.basketUsesJob,
    basket.basketCleanUpJob,
    upkeep.databaseUpkeepJob,
  ])
}
