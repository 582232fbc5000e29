import { defineConfig, devices } from '@playwright/test'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './scripts/chromium.mjs'
import {
  FORM_STORE_PATH,
  PGLITE_DATA_DIR,
  SEED_COPY_DIR,
  SEED_COPY_PATH,
  SERVER_SECRETS,
  STUDIO_ORIGIN,
} from './tests/support/e2e-env'

const PORT = Number(process.env.E2E_PORT ?? 3100)

const chromium = { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS }

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: chromium,
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions: chromium },
    },
    {
      name: 'mobile',
      use: { ...devices['Pixel 5'], viewport: { width: 375, height: 812 }, launchOptions: chromium },
    },
  ],
  webServer: {
    // The production build on the seed dataset, as a newcomer runs it, with an empty basket store.
    command: [
      `node -e "require('fs').cpSync('studio/seed', process.argv[1], { recursive: true })" ${SEED_COPY_DIR}`,
      `node -e "require('fs').rmSync(process.argv[1], { recursive: true, force: true })" ${PGLITE_DATA_DIR}`,
      'npm run build',
      `npm run start -- --port ${PORT}`,
    ].join(' && '),
    url: `http://127.0.0.1:${PORT}/`,
    timeout: 240_000,
    reuseExistingServer: !process.env.CI,
    env: {
      NEXT_PUBLIC_SANITY_PROJECT_ID: '',
      NEXT_TELEMETRY_DISABLED: '1',
      FORM_STORE_PATH,
      SEED_DATASET_PATH: SEED_COPY_PATH,
      // PGlite in a folder of its own, even where a PostgreSQL server is configured for the shell.
      DATABASE_URL: '',
      PGLITE_DATA_DIR,
      NEXT_PUBLIC_SANITY_STUDIO_URL: STUDIO_ORIGIN,
      ...SERVER_SECRETS,
    },
  },
})
