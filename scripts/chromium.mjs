// Debian's Chromium, launched the same way by the Playwright suite and by `npm run bench`.
// Browsers cannot be downloaded here (apt-get install chromium). Without the background-networking
// flags Chromium keeps dialling Google's hosts, which this network refuses.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
]
