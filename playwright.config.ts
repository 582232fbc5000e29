import { defineConfig, devices } from '@playwright/test'
import { CHROMIUM_FLAGS, TEST_CHROMIUM_PATH } from './scripts/chromium.mjs'
import {
  MAIL_OUTBOX_DIR,
  PGLITE_DATA_DIR,
  REGISTER_STANDIN_PORT,
  CARRIER_STANDIN_PORT,
  SMS_STANDIN_PORT,
  PAYPAL_STANDIN_PORT,
  REGISTER_TIMEOUT_MS,
  SEED_COPY_DIR,
  SEED_COPY_PATH,
  SERVER_SECRETS,
  SERVER_LOG,
  STAND_IN_KEY,
  PAYMENTS_STANDIN_PORT,
  LEAKED_STAFF,
  LOCKOUT_STAFF,
  NEW_STAFF,
  PENDING_STAFF,
  RESET_STAFF,
  RESTART_STAFF,
  STAFF_ACCOUNTS,
  STAFF_KEYS_DIR,
  STAFF_RECHECK_SECONDS,
  STUDIO_ORIGIN,
  JOBS_EVERY_SECONDS,
} from './tests/support/e2e-env'

const PORT = Number(process.env.E2E_PORT ?? 3100)
// CI runs the account specs a second time with the server on PostgreSQL, reusing the build.
const DATABASE_URL = process.env.E2E_DATABASE_URL ?? ''
const SKIP_BUILD = process.env.E2E_SKIP_BUILD === '1'
const remove = (folder: string) =>
  `node -e "require('fs').rmSync(process.argv[1], { recursive: true, force: true })" ${folder}`
// Invitations, as the operator sends them, in one run of the command (each run opens the database
// again, about 6 s): the tests open each link from the outbox's .eml.
const createStaff = `npm run staff:create -- ${[
  ...Object.entries(STAFF_ACCOUNTS),
  [NEW_STAFF.role, NEW_STAFF] as const,
  [LEAKED_STAFF.role, LEAKED_STAFF] as const,
  ...[PENDING_STAFF, RESTART_STAFF, LOCKOUT_STAFF, RESET_STAFF].map((account) => [account.role, account] as const),
]
  .map(([role, account]) => `--email ${account.email} --role ${role} --name '${account.name}'`)
  .join(' ')}`

const chromium = { executablePath: TEST_CHROMIUM_PATH, args: CHROMIUM_FLAGS }

/** Tests that touch every record the site holds, run after every other (see the projects). */
const AFTER_ALL = /policy-change\.spec\.ts$/

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  // In CI a failed test runs once more, and the list says "flaky" for one that passed the second
  // time: the run stays green for a test that failed once in 637 (stop 60: a checkbox never became
  // stable in a starved browser), and a test that fails twice fails the run. Locally, no second go.
  retries: process.env.CI ? 1 : 0,
  // Each test's whole budget, its waits' own limits unchanged. Two workers, the server and now and
  // then a second build share two cores: a six-step flow that passes in its spec's run alone ran
  // past the default 30 s in a full run (subscriptions' newsletter test, its last page shown).
  timeout: 60_000,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: chromium,
    // CI keeps only what the run prints, and recording a trace of every test costs the browser a
    // fair share of two cores; locally a failure's trace is kept to open with show-trace.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions: chromium },
      testIgnore: AFTER_ALL,
    },
    {
      name: 'mobile',
      use: { ...devices['Pixel 5'], viewport: { width: 375, height: 812 }, launchOptions: chromium },
      testIgnore: AFTER_ALL,
    },
    // A policy change e-mails everyone the site holds: run while other tests count their e-mails, it
    // would add one to their counts. So it runs once the two projects above have finished.
    {
      name: 'after-all',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions: chromium },
      testMatch: AFTER_ALL,
      dependencies: ['desktop', 'mobile'],
    },
  ],
  webServer: {
    // The production build on the seed dataset, as a newcomer runs it, with an empty basket store.
    // Staff accounts are made with the real command before the server opens the database.
    command: [
      `node -e "require('fs').cpSync('studio/seed', process.argv[1], { recursive: true })" ${SEED_COPY_DIR}`,
      remove(PGLITE_DATA_DIR),
      remove(MAIL_OUTBOX_DIR),
      remove(STAFF_KEYS_DIR),
      ...(SKIP_BUILD ? [] : ['npm run build']),
      createStaff,
      // Its log goes to a file the privacy test reads.
      `npm run start -- --port ${PORT} > ${SERVER_LOG} 2>&1`,
    ].join(' && '),
    url: `http://127.0.0.1:${PORT}/`,
    // The build and two staff accounts come first: about 3 minutes on two idle cores, and more
    // when anything else shares them (a run timed out at 4 minutes beside another build).
    timeout: 480_000,
    reuseExistingServer: !process.env.CI,
    env: {
      NEXT_PUBLIC_SANITY_PROJECT_ID: '',
      NEXT_TELEMETRY_DISABLED: '1',
      SEED_DATASET_PATH: SEED_COPY_PATH,
      // PGlite in a folder of its own, even where a PostgreSQL server is configured for the shell
      // (unless E2E_DATABASE_URL names the server this run is for).
      DATABASE_URL,
      PGLITE_DATA_DIR,
      MAIL_OUTBOX_DIR,
      NEXT_PUBLIC_SANITY_STUDIO_URL: STUDIO_ORIGIN,
      STAFF_RECHECK_SECONDS: String(STAFF_RECHECK_SECONDS),
      // No REGISTER_URL: `npm start` runs the register's stand-in, on this run's own port.
      REGISTER_URL: '',
      REGISTER_STANDIN_PORT: String(REGISTER_STANDIN_PORT),
      REGISTER_TIMEOUT_MS: String(REGISTER_TIMEOUT_MS),
      // No CARRIER_URL: the carrier's stand-in, on this run's own port.
      CARRIER_URL: '',
      CARRIER_STANDIN_PORT: String(CARRIER_STANDIN_PORT),
      // The jobs every few seconds, and every parcel asked after at each run: a scan a test makes is
      // read within seconds.
      JOBS_EVERY_SECONDS: String(JOBS_EVERY_SECONDS),
      CARRIER_FOLLOW_SECONDS: '0',
      // No SMS_URL: the text-message provider's stand-in, on this run's own port.
      SMS_URL: '',
      SMS_STANDIN_PORT: String(SMS_STANDIN_PORT),
      // No PAYMENTS_URL either: the payments provider's stand-in, on this run's own port.
      PAYMENTS_URL: '',
      PAYMENTS_ROUTE: '',
      PAYMENTS_STANDIN_PORT: String(PAYMENTS_STANDIN_PORT),
      // Staff pay this server's orders by hand, whenever the suite runs: the payout job, which would
      // send checked orders after the cut-off on a working day, is played by its own server (payouts.spec.ts).
      PAYOUT_JOB: 'off',
      // No PAYPAL_URL: `npm start` runs PayPal's stand-in too, on this run's own port.
      PAYPAL_URL: '',
      PAYPAL_STANDIN_PORT: String(PAYPAL_STANDIN_PORT),
      // The key the server shares with its stand-in, given here so that tests can use the switch.
      STAND_IN_KEY,
      // As behind one proxy: each test's own X-Forwarded-For address is its client address, so
      // tests never share a rate limit. (rate-limits.spec.ts plays the site reached directly.)
      TRUSTED_PROXIES: '1',
      ...SERVER_SECRETS,
    },
  },
})
