// npm run bench: builds the site and the framework floor (scripts/bench-floor: an empty App Router
// page built with the same Next, React and next.config.mjs), serves both on loopback and prints one
// table, each page's figures against targets stated relative to the floor measured in the same run:
//  - Lighthouse (mobile, simulated throttling), median of 5 runs with the spread, the floor's runs
//    interleaved with the pages': performance, LCP, TBT, CLS, JavaScript, the document's size, and
//    which areas' client code (quote, basket, checkout, account) the page loads;
//  - repeated data: strings of 20 characters or more that the page's RSC payload holds twice;
//  - server time: median and p95 of 200 requests one after another; for /, the requests per second
//    `next start` sustains (wrk, 1 thread, 50 connections, 10 s; 3 rounds interleaved with the
//    floor), with the server's CPU time per request;
//  - checkout: 200 orders placed one after another by posting the checkout form to /complete-order
//    as a browser running no scripts does (its server action, answered with a 303 to the receipt).
//  - the stack run (scripts/bench-stack.mjs): req/s through nginx to one instance, to two, and to
//    two with the micro-cache, for /, a model page and GET /api/basket, beside the floor;
//  - the staff rows (scripts/bench-staff.mjs): the staff pages on the database `npm run seed:orders`
//    filled, signed in as its bench manager.
// `--no-build` reuses the last builds; `--strict` exits 1 when a target is missed; `--runs=N`
// changes the number of Lighthouse runs (5), for a quick look only; `--stack` runs the stack run
// alone; `--staff` the staff rows alone; `--payouts` times 5,000 payments through the payments
// provider's stand-in (the payout drill with no kill).
// Its parts: bench-targets.mjs (the pages, targets and table), bench-http.mjs (servers, requests,
// wrk, baskets and checkouts), bench-page.mjs (Lighthouse, the build's client chunks, repeated data).
import { randomBytes } from 'node:crypto'
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { loadavg } from 'node:os'
import path from 'node:path'
import { benchStack } from './bench-stack.mjs'
import { benchStaff } from './bench-staff.mjs'
import { basketCookie, checkoutTimes, request, serverTimes, startNext, waitFor, wrk } from './bench-http.mjs'
import { lighthouseRun } from './bench-page.mjs'
import { PAGES, printReport, WITH_BASKET } from './bench-targets.mjs'

const args = process.argv.slice(2)
const RUNS = Number(args.find((arg) => arg.startsWith('--runs='))?.slice(7) ?? 5)
const SITE_PORT = 3901
const STAFF_PORT = 3905
const FLOOR_PORT = 3903
const FLOOR_DIR = 'scripts/bench-floor'
const DIST_DIR = process.env.NEXT_DIST_DIR || '.next'
const SAMPLES = 200
const WRK_ROUNDS = 3
const load = () => loadavg()[0].toFixed(2)

function build(command, commandArgs) {
  const result = spawnSync(command, commandArgs, { stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

// --stack: the stack run alone, against the floor (both builds must exist).
if (args.includes('--stack')) {
  const floorServer = startNext(FLOOR_DIR, FLOOR_PORT)
  try {
    const floorUrl = `http://127.0.0.1:${FLOOR_PORT}/`
    await waitFor(floorUrl)
    await benchStack({ wrk, basketCookie, floorUrl, waitFor })
  } finally {
    floorServer.stop()
  }
  process.exit(0)
}

/** The site on the configured database, for the staff rows. */
const staffSite = () => ({
  // The dashboard reads the payments client's settings: as npm start, the stand-ins' shared key
  // (no stand-in runs: the payout job's tries in these minutes fail and are tried again later).
  ...startNext('web', STAFF_PORT, {
    configuredDatabase: true,
    env: { STAND_IN_KEY: process.env.STAND_IN_KEY || randomBytes(24).toString('hex') },
  }),
  origin: `http://127.0.0.1:${STAFF_PORT}`,
})

// --payouts: 5,000 payments through the payments provider's stand-in, timed: the payout drill
// (scripts/payout-drill.ts) with no kill, from the site's start to every order paid.
if (args.includes('--payouts')) {
  if (!args.includes('--no-build')) build('npm', ['run', 'build'])
  const drill = spawnSync('npm', ['run', 'drill:payouts'], {
    stdio: 'inherit',
    env: { ...process.env, DRILL_PAYMENTS: '5000', DRILL_KILL_AT: '0' },
  })
  process.exit(drill.status ?? 1)
}

// --staff: the staff rows alone, on the database seed:orders filled.
if (args.includes('--staff')) {
  if (!args.includes('--no-build')) build('npm', ['run', 'build'])
  await benchStaff({ startSite: staffSite, waitFor })
  process.exit(0)
}

if (!args.includes('--no-build')) {
  build('npm', ['run', 'build'])
  build('npx', ['next', 'build', FLOOR_DIR])
}
if (!existsSync(path.join('web', DIST_DIR, 'BUILD_ID')) || !existsSync(path.join(FLOOR_DIR, DIST_DIR, 'BUILD_ID')))
  throw new Error('No build to measure: run without --no-build first')

const site = startNext('web', SITE_PORT)
const floorServer = startNext(FLOOR_DIR, FLOOR_PORT)
let missed = []
const loads = [load()]
try {
  const siteOrigin = `http://127.0.0.1:${SITE_PORT}`
  const floorUrl = `http://127.0.0.1:${FLOOR_PORT}/`
  await waitFor(`${siteOrigin}/`)
  await waitFor(floorUrl)
  const cookies = new Map()
  for (const page of WITH_BASKET) cookies.set(page, { Cookie: await basketCookie(siteOrigin) })

  // Lighthouse, the floor's runs interleaved with the pages' so both see the same machine.
  const runs = new Map([['floor', []], ...PAGES.map((page) => [page, []])])
  for (let i = 0; i < RUNS; i++) {
    runs.get('floor').push(await lighthouseRun(floorUrl))
    for (const page of PAGES) runs.get(page).push(await lighthouseRun(`${siteOrigin}${page}`, cookies.get(page)))
    console.error(`Lighthouse run ${i + 1} of ${RUNS} done (load average ${load()})`)
  }
  loads.push(load())

  // Server time, one request after another, then the load test on / and the floor.
  console.error(`Server times, ${SAMPLES} requests a page (load average ${load()})`)
  const times = new Map([['floor', await serverTimes(floorUrl, undefined, SAMPLES)]])
  const documents = new Map()
  for (const page of PAGES) {
    times.set(page, await serverTimes(`${siteOrigin}${page}`, cookies.get(page), SAMPLES))
    documents.set(page, await (await request(`${siteOrigin}${page}`, { headers: cookies.get(page) })).text())
  }
  console.error(`wrk on / and the floor, ${WRK_ROUNDS} rounds (load average ${load()})`)
  wrk(`${siteOrigin}/`, site.pid) // warm-up
  wrk(floorUrl, floorServer.pid)
  const rounds = { site: [], floor: [] }
  for (let round = 0; round < WRK_ROUNDS; round++) {
    rounds.site.push(wrk(`${siteOrigin}/`, site.pid))
    rounds.floor.push(wrk(floorUrl, floorServer.pid))
  }
  loads.push(load())
  console.error(`${SAMPLES} checkouts (load average ${load()})`)
  const checkout = await checkoutTimes(siteOrigin, SAMPLES)
  loads.push(load())
  // The site alone stops first: the stack's instances need the cores.
  site.stop()
  console.error(`The stack run (load average ${load()})`)
  await benchStack({ wrk, basketCookie, floorUrl, waitFor })
  loads.push(load())
  console.error(`The staff rows (load average ${load()})`)
  const staff = await benchStaff({ startSite: staffSite, waitFor }).catch((error) => error)
  loads.push(load())

  missed = printReport({
    runCount: RUNS,
    runs,
    times,
    documents,
    floorDocument: await (await request(floorUrl)).text(),
    rounds,
    checkout,
    staff,
    loads,
    distDir: DIST_DIR,
    samples: SAMPLES,
    wrkRounds: WRK_ROUNDS,
  })
} finally {
  for (const server of [site, floorServer]) {
    try {
      server.stop()
    } catch {
      // Already stopped.
    }
  }
}

if (!missed.length) console.log('\nAll targets met.')
else console.log(`\nTargets missed: ${missed.join('; ')}`)
if (missed.length && args.includes('--strict')) process.exit(1)
