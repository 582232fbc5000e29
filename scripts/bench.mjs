// npm run bench: builds and serves the production site on loopback, then measures
//  1. Lighthouse (mobile, simulated throttling), median of 3 runs, on key pages: four CMS pages,
//     a model page with its price checker, the basket, login and checkout pages (rendered per
//     visitor; checkout with a device in the basket);
//  2. the requests per second / sustains (autocannon, 50 connections, 10 s) from `next start`
//     and from nginx serving the same page's HTML, alternating, with their ratio.
//  3. the same for the framework floor (scripts/bench-floor): an empty App Router page built with
//     the same Next and React, to show which targets no page of this stack can meet here.
//  4. checkout latency: 200 orders placed one after another over HTTP, median and p95.
// It prints the figures against the targets. `--no-build` reuses the last build; `--strict`
// exits 1 when a target is missed.
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.mjs'

const args = new Set(process.argv.slice(2))
const PAGES = [
  '/',
  '/sell-my-phone',
  '/about/faqs',
  '/contact-us',
  '/sell-my-phone/iphone-13',
  '/add-to-cart',
  '/login',
  // Checkout with an iPhone 13 in the basket, so its form and scripts load as a seller's do.
  '/complete-order',
]
const WITH_BASKET = new Set(['/complete-order'])
const RUNS = 3
const NEXT_PORT = 3901
const NGINX_PORT = 3902
const FLOOR_PORT = 3903
const FLOOR_DIR = 'scripts/bench-floor'
const LOAD = { connections: 50, duration: 10 }
const TARGETS = { performance: 98, seo: 100, lcp: 1200, tbt: 50, cls: 0.01, js: 120 * 1024, ratio: 0.15 }

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
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

function startNext(dir, port) {
  const child = spawn('npx', ['next', 'start', dir, '--port', String(port), '--hostname', '127.0.0.1'], {
    // A database of its own, so a bench never touches the developer's baskets.
    env: {
      ...process.env,
      NEXT_TELEMETRY_DISABLED: '1',
      PGLITE_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'bench-db-')),
    },
    stdio: 'ignore',
    detached: true,
  })
  return () => process.kill(-child.pid, 'SIGTERM')
}

/** nginx serving each given HTML document at its own path, as a static file. */
function startNginx(documents) {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-nginx-'))
  for (const [name, html] of Object.entries(documents)) writeFileSync(path.join(dir, `${name}.html`), html)
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    `daemon off;
worker_processes auto;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log;
${process.getuid?.() === 0 ? 'user root;' : ''}
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir};
  proxy_temp_path ${dir};
  fastcgi_temp_path ${dir};
  uwsgi_temp_path ${dir};
  scgi_temp_path ${dir};
  default_type text/html;
  server {
    listen 127.0.0.1:${NGINX_PORT};
    root ${dir};
    location / { try_files $uri.html =404; }
  }
}
`,
  )
  const child = spawn('nginx', ['-c', path.join(dir, 'nginx.conf'), '-p', dir], { stdio: 'ignore' })
  return () => child.kill('SIGQUIT')
}

/** A basket holding one device, as the cookie a seller's browser would send. */
async function basketCookie(origin, client = {}) {
  const response = await fetch(`${origin}/api/basket`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, ...client },
    body: JSON.stringify({
      model: 'model-iphone-13',
      storage: '128gb',
      answers: { power: 'yes', cracks: 'no', casing: 'light', lock: 'yes', blocked: 'no' },
    }),
  })
  if (!response.ok) throw new Error(`Could not fill a basket for the bench: ${response.status}`)
  return response.headers.get('set-cookie').split(';')[0]
}

const CHECKOUTS = 200

/**
 * Places `count` orders as a browser would (a basket, the checkout form's key and prices, the
 * form sent as JSON), each from a client address of its own so the rate limit stays out of it, and
 * times the checkout request alone.
 */
async function checkoutLatency(origin, count) {
  const times = []
  for (let i = 0; i < count; i++) {
    const client = { 'x-forwarded-for': `10.9.${Math.floor(i / 250)}.${(i % 250) + 1}` }
    const cookie = await basketCookie(origin, client)
    const form = await (await fetch(`${origin}/complete-order`, { headers: { cookie, ...client } })).text()
    const hidden = (name) => form.match(new RegExp(`name="${name}" value="([^"]*)"`))?.[1] ?? ''
    const body = {
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
      idempotencyKey: hidden('idempotencyKey'),
      confirmedPrices: hidden('confirmedPrices'),
    }
    const started = performance.now()
    const response = await fetch(`${origin}/api/orders/checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin, cookie, ...client },
      body: JSON.stringify(body),
    })
    times.push(performance.now() - started)
    if (!response.ok) throw new Error(`Checkout ${i + 1} answered ${response.status}: ${await response.text()}`)
  }
  const sorted = [...times].sort((a, b) => a - b)
  return { median: median(times), p95: sorted[Math.ceil(0.95 * sorted.length) - 1], max: sorted.at(-1) }
}

async function lighthouseRuns(url, extraHeaders = undefined) {
  const runs = []
  for (let i = 0; i < RUNS; i++) {
    const chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM_PATH,
      chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
    })
    try {
      const { lhr } = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'seo', 'accessibility', 'best-practices'],
        extraHeaders,
      })
      const scripts = (lhr.audits['network-requests'].details?.items ?? []).filter((r) => r.resourceType === 'Script')
      runs.push({
        performance: Math.round(lhr.categories.performance.score * 100),
        seo: Math.round(lhr.categories.seo.score * 100),
        accessibility: Math.round(lhr.categories.accessibility.score * 100),
        bestPractices: Math.round(lhr.categories['best-practices'].score * 100),
        lcp: lhr.audits['largest-contentful-paint'].numericValue,
        tbt: lhr.audits['total-blocking-time'].numericValue,
        cls: lhr.audits['cumulative-layout-shift'].numericValue,
        js: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
        failedSeo: Object.values(lhr.audits)
          .filter((a) => lhr.categories.seo.auditRefs.some((ref) => ref.id === a.id && ref.weight > 0) && a.score === 0)
          .map((a) => a.id),
      })
    } finally {
      await chrome.kill()
    }
  }
  const pick = (key) => median(runs.map((run) => run[key]))
  return {
    performance: pick('performance'),
    seo: pick('seo'),
    accessibility: pick('accessibility'),
    bestPractices: pick('bestPractices'),
    lcp: pick('lcp'),
    tbt: pick('tbt'),
    cls: pick('cls'),
    js: pick('js'),
    failedSeo: [...new Set(runs.flatMap((run) => run.failedSeo))],
  }
}

async function load(url) {
  const result = await autocannon({ url, ...LOAD })
  return result.requests.average
}

const ok = (pass) => (pass ? 'ok' : 'MISSED')

function build(command, args) {
  const result = spawnSync(command, args, { stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

if (!args.has('--no-build')) {
  build('npm', ['run', 'build'])
  build('npx', ['next', 'build', FLOOR_DIR])
}

const stops = [startNext('web', NEXT_PORT), startNext(FLOOR_DIR, FLOOR_PORT)]
const missed = []
const missedKeys = new Set() // which targets the site missed on some page
const floorMisses = new Set()
try {
  await waitFor(`http://127.0.0.1:${NEXT_PORT}/`)
  await waitFor(`http://127.0.0.1:${FLOOR_PORT}/`)
  console.log(`\nLighthouse, mobile, median of ${RUNS} runs`)
  console.log('| page | performance | SEO | accessibility | best practices | LCP | TBT | CLS | JS transferred |')
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |')
  const row = (label, m, checks) =>
    console.log(
      `| ${label} | ${m.performance} (${ok(checks.performance)}) | ${m.seo}${'seo' in checks ? ` (${ok(checks.seo)})` : ''} | ${m.accessibility} | ${m.bestPractices} | ${(m.lcp / 1000).toFixed(2)} s (${ok(checks.lcp)}) | ${Math.round(m.tbt)} ms (${ok(checks.tbt)}) | ${m.cls.toFixed(3)} (${ok(checks.cls)}) | ${(m.js / 1024).toFixed(1)} kB (${ok(checks.js)}) |`,
    )
  const check = (m) => ({
    performance: m.performance >= TARGETS.performance,
    lcp: m.lcp <= TARGETS.lcp,
    tbt: m.tbt <= TARGETS.tbt,
    cls: m.cls <= TARGETS.cls,
    js: m.js <= TARGETS.js,
  })
  for (const page of PAGES) {
    const origin = `http://127.0.0.1:${NEXT_PORT}`
    const headers = WITH_BASKET.has(page) ? { Cookie: await basketCookie(origin) } : undefined
    const m = await lighthouseRuns(`${origin}${page}`, headers)
    const checks = { ...check(m), seo: m.seo >= TARGETS.seo }
    for (const [key, pass] of Object.entries(checks))
      if (!pass) {
        missed.push(`${page} ${key}`)
        missedKeys.add(key)
      }
    row(page, m, checks)
    if (m.failedSeo.length) console.log(`  SEO audits failed on ${page}: ${m.failedSeo.join(', ')}`)
  }
  const floor = await lighthouseRuns(`http://127.0.0.1:${FLOOR_PORT}/`)
  const floorChecks = check(floor)
  for (const [key, pass] of Object.entries(floorChecks)) if (!pass) floorMisses.add(key)
  row('floor: empty App Router page', floor, floorChecks)

  const [siteHtml, floorHtml] = await Promise.all(
    [NEXT_PORT, FLOOR_PORT].map(async (port) => (await fetch(`http://127.0.0.1:${port}/`)).text()),
  )
  stops.push(startNginx({ site: siteHtml, floor: floorHtml }))
  await waitFor(`http://127.0.0.1:${NGINX_PORT}/site`)
  const servers = [
    { label: 'next start, /', url: `http://127.0.0.1:${NEXT_PORT}/`, html: siteHtml, rps: [] },
    { label: 'nginx, the same HTML', url: `http://127.0.0.1:${NGINX_PORT}/site`, html: siteHtml, rps: [] },
    { label: 'next start, floor page', url: `http://127.0.0.1:${FLOOR_PORT}/`, html: floorHtml, rps: [] },
    { label: 'nginx, the floor HTML', url: `http://127.0.0.1:${NGINX_PORT}/floor`, html: floorHtml, rps: [] },
  ]
  for (const server of servers) await load(server.url) // warm-up
  for (let round = 0; round < 2; round++) for (const server of servers) server.rps.push(await load(server.url))
  const [site, siteNginx, floorNext, floorNginx] = servers.map((server) => median(server.rps))
  const ratio = site / siteNginx
  const floorRatio = floorNext / floorNginx
  if (ratio < TARGETS.ratio) {
    missed.push('next/nginx ratio')
    missedKeys.add('ratio')
  }
  if (floorRatio < TARGETS.ratio) floorMisses.add('ratio')
  console.log(
    `\nLoad, autocannon ${LOAD.connections} connections x ${LOAD.duration} s, alternating, 2 rounds each (mean req/s per round)`,
  )
  console.log(`| server | HTML bytes | rounds | median req/s |`)
  console.log('| --- | --- | --- | --- |')
  servers.forEach((server) =>
    console.log(
      `| ${server.label} | ${Buffer.byteLength(server.html)} | ${server.rps.map(Math.round).join(', ')} | ${Math.round(median(server.rps))} |`,
    ),
  )
  console.log(`| ratio, site | | | ${ratio.toFixed(3)} (${ok(ratio >= TARGETS.ratio)}, target ≥ ${TARGETS.ratio}) |`)
  console.log(`| ratio, floor | | | ${floorRatio.toFixed(3)} |`)

  const checkout = await checkoutLatency(`http://127.0.0.1:${NEXT_PORT}`, CHECKOUTS)
  console.log(`\nCheckout: ${CHECKOUTS} orders placed one after another through POST /api/orders/checkout`)
  console.log(`| median | p95 | slowest |`)
  console.log('| --- | --- | --- |')
  console.log(`| ${checkout.median.toFixed(0)} ms | ${checkout.p95.toFixed(0)} ms | ${checkout.max.toFixed(0)} ms |`)
} finally {
  for (const stop of stops) stop()
}

if (!missed.length) console.log('\nAll targets met.')
else {
  console.log(`\nTargets missed: ${missed.join('; ')}`)
  const alsoFloor = [...floorMisses].filter((key) => missedKeys.has(key))
  if (alsoFloor.length)
    console.log(
      `The empty App Router page misses these too, so no page can meet them with this stack on this machine: ${alsoFloor.join(', ')}`,
    )
}
if (missed.length && args.has('--strict')) process.exit(1)
