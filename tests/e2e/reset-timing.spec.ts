import { expect, test } from '@playwright/test'
import { measureResetTiming, RESET_TIMING_LIMIT_MS } from '../../scripts/reset-timing.mjs'

// Who has an account, learnt from the clock: a password reset for a known address must take as
// long as one for an unknown address (the reset and its e-mail happen after the answer, through
// the outbox). The measure of scripts/measure-reset-timing.mjs, against the e2e server; the
// measure itself is shown to catch a leak in tests/unit/reset-timing.test.ts.
test('a password reset takes as long for an address with an account as for one without', async ({ baseURL }) => {
  test.skip(test.info().project.name !== 'desktop', 'one server, one measure: run once')
  test.setTimeout(180_000)
  const measured = await measureResetTiming({ origin: baseURL!, rounds: 100 })
  console.log(`reset timing: ${JSON.stringify(measured)}`)
  expect(measured.gap.median, JSON.stringify(measured)).toBeLessThan(RESET_TIMING_LIMIT_MS)
})
