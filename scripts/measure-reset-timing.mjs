// `node scripts/measure-reset-timing.mjs [KNOWN_ADDRESS]` against a running site (SITE_URL, or
// http://127.0.0.1:$PORT): asks for a password reset 100 times for an address that has an account
// and 100 times for one that has none, interleaved, and prints the median and 95th percentile of
// each (scripts/reset-timing.mjs; CI runs the same measure as tests/e2e/reset-timing.spec.ts).
// Their difference is what a stranger could learn from the clock; it must stay under 5 ms. Start
// the site with TRUSTED_PROXIES=1: each request here comes from an address of its own.
import { measureResetTiming, RESET_TIMING_LIMIT_MS } from './reset-timing.mjs'

const ROUNDS = 100
const origin = process.env.SITE_URL || `http://127.0.0.1:${process.env.PORT || 3000}`
const { gap, ...summary } = await measureResetTiming({ origin, rounds: ROUNDS, known: process.argv[2] })
const ms = (value) => `${value.toFixed(2)} ms`
console.log(`forgot-password, ${ROUNDS} requests each, against ${origin}`)
for (const [kind, { median, p95 }] of Object.entries(summary)) {
  console.log(`  ${kind.padEnd(8)} median ${ms(median)}  p95 ${ms(p95)}`)
}
console.log(`  gap      median ${ms(gap.median)}  p95 ${ms(gap.p95)}  (must be under ${RESET_TIMING_LIMIT_MS} ms)`)
process.exitCode = gap.median < RESET_TIMING_LIMIT_MS && gap.p95 < RESET_TIMING_LIMIT_MS ? 0 : 1
