// npm run bench: builds and serves the production site on loopback, then measures
//  1. Lighthouse (mobile, simulated throttling), median of 3 runs, on four key pages;
//  2. the requests per second / sustains (autocannon, 50 connections, 10 s) from `next start`
//     and from nginx serving the same page's HTML, alternating, with their ratio.
// It prints the figures against the targets. `--no-build` reuses the last build; `--strict`
// exits 1 when a target is missed.
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'

const args = new Set(process.argv.slice(2))
const PAGES = ['/', '/sell-my-phone', '/about/faqs', '/contact-us']
const RUNS = 3
const NEXT_PORT = 3901
const NGINX_PORT = 3902
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
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

function startNext() {
  const child = spawn('npx', ['next', 'start', 'web', '--port', String(NEXT_PORT), '--hostname', '127.0.0.1'], {
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
    stdio: 'ignore',
    detached: true,
  })
  return () => process.kill(-child.pid, 'SIGTERM')
}

function startNginx(html) {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-nginx-'))
  writeFileSync(path.join(dir, 'index.html'), html)
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
  server {
    listen 127.0.0.1:${NGINX_PORT};
    root ${dir};
    location = / { default_type text/html; try_files /index.html =404; }
  }
}
`,
  )
  const child = spawn('nginx', ['-c', path.join(dir, 'nginx.conf'), '-p', dir], { stdio: 'ignore' })
  return () => child.kill('SIGQUIT')
}

async function lighthouseRuns(url) {
  const runs = []
  for (let i = 0; i < RUNS; i++) {
    const chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
      ],
    })
    try {
      const { lhr } = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'seo', 'accessibility', 'best-practices'],
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
  const result = await autocannon({ url, connections: 50, duration: 10 })
  return result.requests.average
}

const ok = (pass) => (pass ? 'ok' : 'MISSED')

if (!args.has('--no-build')) {
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' })
  if (build.status !== 0) process.exit(build.status ?? 1)
}

const stopNext = startNext()
let stopNginx = () => {}
const missed = []
try {
  await waitFor(`http://127.0.0.1:${NEXT_PORT}/`)
  console.log(`\nLighthouse, mobile, median of ${RUNS} runs`)
  console.log('| page | performance | SEO | accessibility | best practices | LCP | TBT | CLS | JS transferred |')
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |')
  for (const page of PAGES) {
    const m = await lighthouseRuns(`http://127.0.0.1:${NEXT_PORT}${page}`)
    const checks = {
      performance: m.performance >= TARGETS.performance,
      seo: m.seo >= TARGETS.seo,
      lcp: m.lcp <= TARGETS.lcp,
      tbt: m.tbt <= TARGETS.tbt,
      cls: m.cls <= TARGETS.cls,
      js: m.js <= TARGETS.js,
    }
    for (const [key, pass] of Object.entries(checks)) if (!pass) missed.push(`${page} ${key}`)
    console.log(
      `| ${page} | ${m.performance} (${ok(checks.performance)}) | ${m.seo} (${ok(checks.seo)}) | ${m.accessibility} | ${m.bestPractices} | ${(m.lcp / 1000).toFixed(2)} s (${ok(checks.lcp)}) | ${Math.round(m.tbt)} ms (${ok(checks.tbt)}) | ${m.cls.toFixed(3)} (${ok(checks.cls)}) | ${(m.js / 1024).toFixed(1)} kB (${ok(checks.js)}) |`,
    )
    if (m.failedSeo.length) console.log(`  SEO audits failed on ${page}: ${m.failedSeo.join(', ')}`)
  }

  const html = await (await fetch(`http://127.0.0.1:${NEXT_PORT}/`)).text()
  stopNginx = startNginx(html)
  await waitFor(`http://127.0.0.1:${NGINX_PORT}/`)
  await load(`http://127.0.0.1:${NEXT_PORT}/`) // warm-up
  const nextRps = []
  const nginxRps = []
  for (let round = 0; round < 2; round++) {
    nextRps.push(await load(`http://127.0.0.1:${NEXT_PORT}/`))
    nginxRps.push(await load(`http://127.0.0.1:${NGINX_PORT}/`))
  }
  const ratio = median(nextRps) / median(nginxRps)
  if (ratio < TARGETS.ratio) missed.push('next/nginx ratio')
  console.log('\nLoad on /, autocannon 50 connections x 10 s, alternating, 2 rounds each (mean req/s per round)')
  console.log('| server | rounds | median req/s |')
  console.log('| --- | --- | --- |')
  console.log(`| next start | ${nextRps.map(Math.round).join(', ')} | ${Math.round(median(nextRps))} |`)
  console.log(`| nginx (same HTML) | ${nginxRps.map(Math.round).join(', ')} | ${Math.round(median(nginxRps))} |`)
  console.log(`| ratio | | ${ratio.toFixed(3)} (${ok(ratio >= TARGETS.ratio)}, target ≥ ${TARGETS.ratio}) |`)
} finally {
  stopNginx()
  stopNext()
}

console.log(missed.length ? `\nTargets missed: ${missed.join('; ')}` : '\nAll targets met.')
if (missed.length && args.has('--strict')) process.exit(1)
