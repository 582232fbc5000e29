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
// alone; `--staff` the staff rows alone.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.mjs'
import { benchStack } from './bench-stack.mjs'
import { benchStaff } from './bench-staff.mjs'
import { GOOD_IPHONE_13, hiddenFields, unescapeHtml } from './page-forms.mjs'

const args = process.argv.slice(2)
const RUNS = Number(args.find((arg) => arg.startsWith('--runs='))?.slice(7) ?? 5)
const HOME = '/'
const MODEL = '/sell-my-phone/iphone-13'
// Static pages carry the JavaScript budget; the others render per visitor.
const STATIC_PAGES = [HOME, '/sell-my-phone', '/about/faqs', '/contact-us', MODEL]
const DYNAMIC_PAGES = ['/add-to-cart', '/complete-order', '/login', '/order-tracker']
const PAGES = [...STATIC_PAGES, ...DYNAMIC_PAGES]
// With an iPhone 13 in the basket, so the basket and the checkout form render as a seller's do.
const WITH_BASKET = new Set(['/add-to-cart', '/complete-order'])
// Client code by folder of web/components, and the pages that use it; on any other page it is a miss.
const AREAS = {
  quote: { folder: 'quote', pages: [MODEL] },
  basket: { folder: 'basket', pages: [MODEL, '/add-to-cart', '/complete-order'] },
  checkout: { folder: 'orders', pages: ['/complete-order'] },
  account: { folder: 'account', pages: ['/login'] },
}
const SITE_PORT = 3901
const STAFF_PORT = 3905
const FLOOR_PORT = 3903
const FLOOR_DIR = 'scripts/bench-floor'
const DIST_DIR = process.env.NEXT_DIST_DIR || '.next'
const SAMPLES = 200
const WRK = ['-t1', '-c50', '-d10s']
const WRK_ROUNDS = 3
const KB = 1000
const TARGETS = {
  performance: (floor) => floor.performance - 1,
  lcp: (floor) => floor.lcp + 300,
  tbt: (floor) => floor.tbt + 30,
  js: (floor) => floor.js + 15 * KB,
  homeHtmlWire: 10 * KB,
  throughput: 0.7,
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
const p95 = (values) => [...values].sort((a, b) => a - b)[Math.ceil(0.95 * values.length) - 1]
const spread = (values, format) => `(${format(Math.min(...values))}–${format(Math.max(...values))})`
const seconds = (ms) => (ms / 1000).toFixed(2)
const kB = (bytes) => (bytes / KB).toFixed(1)
const load = () => loadavg()[0].toFixed(2)

/**
 * fetch, tried once more when a kept-alive connection turns out to have been closed by the server
 * (EPIPE, ECONNRESET) before the request reached it: safe for every request here, checkouts included,
 * which carry an idempotency key.
 */
async function request(url, init) {
  try {
    return await fetch(url, init)
  } catch (error) {
    if (!['EPIPE', 'ECONNRESET', 'UND_ERR_SOCKET'].includes(error.cause?.code)) throw error
    return fetch(url, init)
  }
}

async function waitFor(url, timeoutMs = 60_000) {
  const start = Date.now()
  while (Date.now() - start < timeoutMs) {
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`)
}

/** `next start` as the child itself (not through npx), so its CPU time can be read. */
function startNext(dir, port, { configuredDatabase = false } = {}) {
  const child = spawn(
    process.execPath,
    ['node_modules/next/dist/bin/next', 'start', dir, '--port', String(port), '--hostname', '127.0.0.1'],
    {
      // A database of its own, so a bench never touches the developer's baskets; the staff rows
      // read the configured one, which seed:orders filled.
      env: {
        ...process.env,
        NODE_ENV: 'production',
        NEXT_TELEMETRY_DISABLED: '1',
        ...(configuredDatabase ? {} : { PGLITE_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'bench-db-')) }),
      },
      stdio: 'ignore',
      detached: true,
    },
  )
  return { pid: child.pid, stop: () => process.kill(-child.pid, 'SIGTERM') }
}

/** CPU time (user + system) a process has used, in microseconds; null where /proc is missing. */
function cpuMicros(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
    return (Number(fields[11]) + Number(fields[12])) * 10_000 // clock ticks of 10 ms
  } catch {
    return null
  }
}

function wrk(url, pid, headers = {}) {
  const before = pid === null ? null : cpuMicros(pid)
  const headerArgs = Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`])
  const result = spawnSync('wrk', [...WRK, ...headerArgs, url], { encoding: 'utf8' })
  if (result.error) throw new Error(`wrk did not run (${result.error.message}): apt-get install -y wrk`)
  const after = pid === null ? null : cpuMicros(pid)
  const requests = Number(result.stdout.match(/(\d+) requests in/)?.[1])
  const rps = Number(result.stdout.match(/Requests\/sec:\s+([\d.]+)/)?.[1])
  return { rps, cpu: before === null || after === null ? null : (after - before) / requests }
}

/**
 * A basket holding one device, as the cookie a seller's browser would send: the model page's "Add
 * to basket" posted as a browser running no scripts posts it (the form's hidden fields and the
 * button's server action name, multipart, to the page's own address), answered with a 303.
 */
async function basketCookie(origin, client = {}) {
  const page = '/sell-my-phone/iphone-13'
  const html = await (await request(`${origin}${page}`, { headers: client })).text()
  const form = [...html.matchAll(/<form\b[\s\S]*?<\/form>/g)]
    .map((match) => match[0])
    .find((text) => />\s*Add to basket\s*</.test(text))
  if (!form) throw new Error(`No "Add to basket" form on ${page}`)
  const fields = {
    ...hiddenFields(form, 'model'),
    // The pressed button's name: React names a button whose formAction is a server action.
    ...Object.fromEntries(
      [...form.matchAll(/<button\b[^>]*\sname="([^"]*)"[^>]*>[\s\S]*?Add to basket/g)].map((match) => [
        unescapeHtml(match[1]),
        '',
      ]),
    ),
    ...GOOD_IPHONE_13,
  }
  const body = new FormData()
  for (const [name, value] of Object.entries(fields)) body.append(name, value)
  const response = await request(`${origin}${page}`, {
    method: 'POST',
    headers: { origin, ...client },
    body,
    redirect: 'manual',
  })
  if (response.status !== 303) throw new Error(`Could not fill a basket for the bench: ${response.status}`)
  return response.headers.get('set-cookie').split(';')[0]
}

/** Milliseconds until the whole page has arrived, for `count` requests one after another. */
async function serverTimes(url, headers, count) {
  const times = []
  await (await request(url, { headers })).text()
  for (let i = 0; i < count; i++) {
    const started = performance.now()
    const response = await request(url, { headers })
    await response.text()
    times.push(performance.now() - started)
    if (!response.ok) throw new Error(`${url} answered ${response.status}`)
  }
  return times
}

/**
 * Places `count` orders as a browser running no scripts would: a basket, the checkout page, and its
 * form (the server action's hidden fields, the one-time key and prices, what the seller typed) posted
 * multipart to the page's own address, answered with a 303 to the receipt. Each comes from a client
 * address of its own so the rate limit stays out of it; the post alone is timed.
 */
async function checkoutTimes(origin, count) {
  const times = []
  for (let i = 0; i < count; i++) {
    const client = { 'x-forwarded-for': `10.9.${Math.floor(i / 250)}.${(i % 250) + 1}` }
    const cookie = await basketCookie(origin, client)
    const page = await (await request(`${origin}/complete-order`, { headers: { cookie, ...client } })).text()
    const fields = {
      ...hiddenFields(page, 'idempotencyKey'),
      name: 'Bench Seller',
      email: `bench.${i}@example.com`,
      phone: '07700 900123',
      addressLine1: '1 High Street',
      town: 'Leeds',
      postcode: 'LS1 1AA',
      accountHolder: 'B Seller',
      sortCode: '309430',
      accountNumber: '12345678',
      declareAge: 'true',
      declareOwner: 'true',
      declareWiped: 'true',
      declareTerms: 'true',
    }
    const body = new FormData()
    for (const [name, value] of Object.entries(fields)) body.append(name, value)
    const started = performance.now()
    const response = await request(`${origin}/complete-order`, {
      method: 'POST',
      headers: { origin, cookie, ...client },
      body,
      redirect: 'manual',
    })
    times.push(performance.now() - started)
    const location = response.headers.get('location') ?? ''
    if (response.status !== 303 || !location.startsWith('/order-successful?order=')) {
      const problems = [...(await response.text()).matchAll(/data-problem="([^"]+)"/g)].map((match) => match[1])
      throw new Error(`Checkout ${i + 1} answered ${response.status} ${location} ${problems.join(' ')}`.trim())
    }
  }
  return times
}

async function lighthouseRun(url, extraHeaders) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
  })
  try {
    const { lhr } = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      extraHeaders,
    })
    const requests = lhr.audits['network-requests'].details?.items ?? []
    const scripts = requests.filter((r) => r.resourceType === 'Script')
    const document = requests.find((r) => r.resourceType === 'Document')
    return {
      performance: Math.round(lhr.categories.performance.score * 100),
      lcp: lhr.audits['largest-contentful-paint'].numericValue,
      tbt: lhr.audits['total-blocking-time'].numericValue,
      cls: lhr.audits['cumulative-layout-shift'].numericValue,
      js: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
      htmlRaw: document?.resourceSize ?? 0,
      htmlWire: document?.transferSize ?? 0,
      scripts: scripts.map((r) => new URL(r.url).pathname),
    }
  } finally {
    await chrome.kill()
  }
}

/**
 * Which chunk holds which folder's client components. The build's client reference manifests list,
 * for each client module, its id and every chunk its page loads with it; the module itself is in
 * the chunk that registers a factory under that id.
 */
function chunkAreas() {
  const areas = new Map()
  const chunkText = new Map()
  const read = (chunk) => {
    if (!chunkText.has(chunk))
      chunkText.set(chunk, readFileSync(path.join('web', DIST_DIR, chunk.replace(/^\/_next\//, '')), 'utf8'))
    return chunkText.get(chunk)
  }
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(file)
      else if (entry.name.endsWith('_client-reference-manifest.js')) {
        const text = readFileSync(file, 'utf8')
        for (const [, folder, id, chunks] of text.matchAll(
          /"\[project\]\/web\/components\/([^/"]+)\/[^"]+":\{"id":(\d+),"name":"[^"]*","chunks":\[([^\]]*)\]/g,
        ))
          for (const chunk of chunks.match(/[^",]+/g) ?? []) {
            if (!new RegExp(`[,[]${id},(?:\\(|\\w+=>|function)`).test(read(chunk))) continue
            if (!areas.has(chunk)) areas.set(chunk, new Set())
            areas.get(chunk).add(folder)
          }
      }
    }
  }
  walk(path.join('web', DIST_DIR, 'server', 'app'))
  return areas
}

/** Strings of 20 characters or more the page's RSC payload holds more than once (class names and the framework's chunk paths aside). */
function repeatedData(html) {
  let payload = ''
  for (const [, chunk] of html.matchAll(/self\.__next_f\.push\(\[1,("(?:[^"\\]|\\.)*")\]\)/g))
    payload += JSON.parse(chunk)
  const counts = new Map()
  // A string followed by a colon is a prop's name, not data.
  for (const [, key, text] of payload.matchAll(/("[A-Za-z-]+":)?"((?:[^"\\]|\\.){20,})"(?!:)/g)) {
    if (key === '"className":' || text.startsWith('/_next/') || text.startsWith('$')) continue
    counts.set(text, (counts.get(text) ?? 0) + 1)
  }
  return [...counts].filter(([, count]) => count > 1).map(([text]) => text)
}

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
  ...startNext('web', STAFF_PORT, { configuredDatabase: true }),
  origin: `http://127.0.0.1:${STAFF_PORT}`,
})

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
const missed = []
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
  const summary = (list) => {
    const pick = (key) => median(list.map((run) => run[key]))
    return {
      list,
      performance: pick('performance'),
      lcp: pick('lcp'),
      tbt: pick('tbt'),
      cls: pick('cls'),
      js: pick('js'),
      htmlRaw: pick('htmlRaw'),
      htmlWire: pick('htmlWire'),
      scripts: new Set(list.flatMap((run) => run.scripts)),
    }
  }
  const floor = summary(runs.get('floor'))

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

  const areasOf = chunkAreas()
  const rps = (list) => median(list.map((round) => round.rps))
  const throughput = rps(rounds.site) / rps(rounds.floor)
  const check = (page, key, value, limit, pass) => {
    if (!pass) missed.push(`${page} ${key}`)
    return `${value} ${limit} ${pass ? 'ok' : 'MISS'}`
  }

  console.log(`\nSite against the empty-page floor, same run: Lighthouse mobile, median of ${RUNS} (spread)`)
  console.log(
    '| page | performance | LCP | TBT | CLS | JS | HTML raw / wire | repeated data | client code | server time, median / p95 | req/s |',
  )
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |')
  const floorTimes = times.get('floor')
  console.log(
    `| floor: empty App Router page | ${floor.performance} ${spread(
      floor.list.map((r) => r.performance),
      String,
    )} | ${seconds(floor.lcp)} s ${spread(
      floor.list.map((r) => r.lcp),
      seconds,
    )} | ${Math.round(floor.tbt)} ms ${spread(
      floor.list.map((r) => r.tbt),
      Math.round,
    )} | ${floor.cls.toFixed(3)} | ${kB(floor.js)} kB | ${kB(floor.htmlRaw)} / ${kB(floor.htmlWire)} kB | ${
      repeatedData(await (await request(floorUrl)).text()).length
    } | | ${median(floorTimes).toFixed(1)} / ${p95(floorTimes).toFixed(1)} ms | ${Math.round(rps(rounds.floor))} |`,
  )
  for (const page of PAGES) {
    const m = summary(runs.get(page))
    const list = m.list
    const repeats = repeatedData(documents.get(page))
    const areas = [...new Set([...m.scripts].flatMap((script) => [...(areasOf.get(script) ?? [])]))]
    const strays = Object.entries(AREAS)
      .filter(([, area]) => areas.includes(area.folder) && !area.pages.includes(page))
      .map(([name]) => name)
    const used = Object.entries(AREAS)
      .filter(([, area]) => areas.includes(area.folder))
      .map(([name]) => name)
    const pageTimes = times.get(page)
    const cells = [
      check(
        page,
        'performance',
        `${m.performance} ${spread(
          list.map((r) => r.performance),
          String,
        )}`,
        `≥ ${TARGETS.performance(floor)}`,
        m.performance >= TARGETS.performance(floor),
      ),
      check(
        page,
        'LCP',
        `${seconds(m.lcp)} s ${spread(
          list.map((r) => r.lcp),
          seconds,
        )}`,
        `≤ ${seconds(TARGETS.lcp(floor))}`,
        m.lcp <= TARGETS.lcp(floor),
      ),
      check(
        page,
        'TBT',
        `${Math.round(m.tbt)} ms ${spread(
          list.map((r) => r.tbt),
          Math.round,
        )}`,
        `≤ ${Math.round(TARGETS.tbt(floor))}`,
        m.tbt <= TARGETS.tbt(floor),
      ),
      check(page, 'CLS', m.cls.toFixed(3), '= 0', Math.round(m.cls * 1000) === 0),
      STATIC_PAGES.includes(page)
        ? check(page, 'JS', `${kB(m.js)} kB`, `≤ ${kB(TARGETS.js(floor))}`, m.js <= TARGETS.js(floor))
        : `${kB(m.js)} kB (per visitor: no budget)`,
      page === HOME
        ? check(
            page,
            'HTML on the wire',
            `${kB(m.htmlRaw)} / ${kB(m.htmlWire)} kB`,
            `≤ ${kB(TARGETS.homeHtmlWire)}`,
            m.htmlWire <= TARGETS.homeHtmlWire,
          )
        : `${kB(m.htmlRaw)} / ${kB(m.htmlWire)} kB`,
      page === HOME ? check(page, 'repeated data', repeats.length, '= 0', repeats.length === 0) : repeats.length,
      check(
        page,
        'client code',
        used.join(', ') || 'none',
        strays.length ? `(not used here: ${strays.join(', ')})` : '',
        strays.length === 0,
      ),
      `${median(pageTimes).toFixed(1)} / ${p95(pageTimes).toFixed(1)} ms`,
      page === HOME
        ? check(
            page,
            'req/s',
            `${Math.round(rps(rounds.site))} (${throughput.toFixed(2)} × floor)`,
            `≥ ${TARGETS.throughput} ×`,
            throughput >= TARGETS.throughput,
          )
        : '',
    ]
    console.log(`| ${page}${WITH_BASKET.has(page) ? ' (1 device in the basket)' : ''} | ${cells.join(' | ')} |`)
  }
  console.log(
    `| POST /complete-order, the checkout form without scripts (${SAMPLES} orders) | | | | | | | | | ${median(checkout).toFixed(1)} / ${p95(checkout).toFixed(1)} ms | |`,
  )

  const cpu = (list) =>
    list.every((round) => round.cpu !== null)
      ? `, server CPU ${Math.round(median(list.map((r) => r.cpu)))} µs/request`
      : ''
  console.log(
    `\nreq/s: wrk ${WRK.join(' ')}, ${WRK_ROUNDS} rounds alternating with the floor: / ${rounds.site
      .map((r) => Math.round(r.rps))
      .join(
        ', ',
      )}${cpu(rounds.site)}; floor ${rounds.floor.map((r) => Math.round(r.rps)).join(', ')}${cpu(rounds.floor)}.`,
  )
  if (staff instanceof Error) console.log(`\nNo staff rows: ${staff.message}`)
  console.log(
    `Load average (1 min) at the start, after Lighthouse, after wrk, after the checkouts, after the stack run, after the staff rows: ${loads.join(', ')}.`,
  )
  const twoByte = PAGES.filter((page) => /[^\u0000-\u00ff]/.test(documents.get(page)))
  if (twoByte.length)
    console.log(
      `HTML holding characters above U+00FF, which V8 stores and encodes the slow way on every request: ${twoByte.join(', ')}.`,
    )
  const homeRepeats = repeatedData(documents.get(HOME))
  if (homeRepeats.length)
    console.log(
      `Repeated on /: ${homeRepeats
        .slice(0, 5)
        .map((text) => JSON.stringify(text.slice(0, 60)))
        .join('; ')}…`,
    )
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
