// Debian's Chromium, launched the same way by the Playwright suite and by `npm run bench`.
// Browsers cannot be downloaded here (apt-get install chromium). Without the background-networking
// flags Chromium keeps dialling Google's hosts, which this network refuses.
import { existsSync } from 'node:fs'

/** The whole browser, as a visitor runs it: the bench measures pages in this one. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell'

/**
 * The browser the tests drive: Debian's chromium-headless-shell when it is there (the same engine
 * without the windowed browser around it, as Playwright's own downloads use for headless runs),
 * else Chromium. On two cores it used 42% less processor time than Chromium for the same spec
 * (device-photos: 80 s against 138 s, its run 2.5 min against 3.1), and the suite is bound by them.
 */
export const TEST_CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium')

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
]
