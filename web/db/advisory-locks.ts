/**
 * Every advisory lock the site takes, in one place, so that no two uses share a number. PostgreSQL
 * keeps one-key locks (a bigint) and two-key locks (two ints) apart: the jobs and the migrations
 * take one key each from here; the rate limits lock a bucket with two, RATE_LIMIT_CLASS and the
 * bucket's hash, so no hash can meet a job's number.
 */
export const ADVISORY_LOCKS = {
  migrations: 735_120_001,
  orderTimers: 735_120_002,
  rateLimitPurge: 735_120_003,
  priceAlerts: 735_120_004,
  contactPurge: 735_120_005,
  subscriptionPurge: 735_120_006,
  basketCleanUp: 735_120_007,
  registerRetries: 735_120_010,
  orderRetention: 735_120_036,
  payouts: 735_120_040,
  payoutApprovals: 735_120_041,
  lockHolds: 735_120_046,
  stockIntake: 735_120_047,
  carrierLabels: 735_120_048,
  parcelTracking: 735_120_049,
  parcelsAstray: 735_120_050,
  policyMailings: 735_120_051,
  databaseUpkeep: 735_120_052,
  collectionRetention: 735_120_054,
} as const

/** The first key of a rate-limit bucket's two-key lock; the second is the bucket's hash. */
export const RATE_LIMIT_CLASS = 735_121
