import { defineConfig } from '@playwright/test'
import { SERVER_SECRETS } from './tests/support/e2e-env'
import { FRONT, STACK_DIR, STACK_OUTBOX, STACK_PORT, STACK_SEED_DIR, STACK_SEED_PATH } from './tests/stack/stack-env'

/**
 * The stack suite: `npm run stack` (nginx, two instances of the build, PostgreSQL, Redis) on a
 * fresh folder and a copy of the seed, and tests that reach it through nginx or each instance
 * directly. One worker: the tests stop and start parts of the stack.
 */
export default defineConfig({
  testDir: 'tests/stack',
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  timeout: 120_000,
  use: { baseURL: FRONT },
  webServer: {
    command: [
      `node -e "require('fs').rmSync(process.argv[1], { recursive: true, force: true })" ${STACK_DIR}`,
      `node -e "require('fs').cpSync('studio/seed', process.argv[1], { recursive: true })" ${STACK_SEED_DIR}`,
      'npm run stack',
    ].join(' && '),
    url: `${FRONT}/api/health/ready`,
    timeout: 240_000,
    reuseExistingServer: false,
    // The stack stops its parts on SIGTERM: instances first, so they finish what they serve.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 40_000 },
    env: {
      STACK_PORT: String(STACK_PORT),
      STACK_DIR,
      // nginx's one-second cache of public pages, as a busy deployment would run it.
      STACK_MICROCACHE: '1',
      NEXT_PUBLIC_SANITY_PROJECT_ID: '',
      NEXT_TELEMETRY_DISABLED: '1',
      SEED_DATASET_PATH: STACK_SEED_PATH,
      MAIL_OUTBOX_DIR: STACK_OUTBOX,
      // Whatever the shell has: the stack starts its own database and Redis.
      DATABASE_URL: '',
      REDIS_URL: '',
      ...SERVER_SECRETS,
    },
  },
})
