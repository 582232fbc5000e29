// `node scripts/measure-reset-timing.mjs [KNOWN_ADDRESS]` against a running site (SITE_URL, or
// http://127.0.0.1:$PORT): asks for a password reset 100 times for an address that has an account
// and 100 times for one that has none, interleaved, and prints the median and 95th percentile of
// each. Their difference is what a stranger could learn from the clock; it must stay under 5 ms.
// The site limits reset requests per client, so start it with TRUSTED_PROXIES=1 and each request
// here comes from an address of its own (documentation addresses, 198.18.0.0/15).
import { randomUUID } from 'node:crypto'
import { hiddenFields as hiddenFieldsIn } from './page-forms.mjs'

const ROUNDS = 100
const LIMIT_MS = 5
const origin = process.env.SITE_URL || `http://127.0.0.1:${process.env.PORT || 3000}`
let client = 0
const nextAddress = () => {
  client++
  return `198.18.${(client >> 8) & 255}.${client & 255}`
}

// The hidden fields of the page's form (Next's `$ACTION_…` ones), read once per page: the forms
// are server actions, posted back to the page as a browser running no scripts posts them
// (tests/e2e/form-post.ts does the same for the tests).
const forms = new Map()
async function hiddenFields(path) {
  if (!forms.has(path)) {
    const html = await (await fetch(`${origin}${path}`)).text()
    const fields = hiddenFieldsIn(html)
    forms.set(path, fields)
  }
  return forms.get(path)
}

/** Posts the page's form; only the post is timed. Success is the 303 to the next page. */
async function post(path, fields) {
  const body = new FormData()
  for (const [name, value] of Object.entries({ ...(await hiddenFields(path)), ...fields })) body.append(name, value)
  const started = performance.now()
  const response = await fetch(`${origin}${path}`, {
    method: 'POST',
    headers: { origin, 'x-forwarded-for': nextAddress() },
    body,
    redirect: 'manual',
  })
  const html = await response.text()
  const elapsed = performance.now() - started
  if (response.status !== 303) {
    const problems = [...html.matchAll(/data-problem="([^"]+)"/g)].map((match) => match[1])
    throw new Error(`${path} answered ${response.status}${problems.length ? ` (${problems.join(', ')})` : ''}`)
  }
  return elapsed
}

async function makeAccount() {
  const email = `timing-${randomUUID().slice(0, 8)}@example.com`
  await post('/sign-up', { name: 'Timing Check', email, password: 'cobalt pillow harvest' })
  return email
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

const known = process.argv[2] || (await makeAccount())

// A few of each first, so that neither side pays for a cold start.
for (let i = 0; i < 5; i++) {
  await post('/forget-password', { email: known })
  await post('/forget-password', { email: `nobody-${randomUUID()}@example.com` })
}
const times = { known: [], unknown: [] }
for (let i = 0; i < ROUNDS; i++) {
  const order = i % 2 ? ['known', 'unknown'] : ['unknown', 'known']
  for (const kind of order) {
    const email = kind === 'known' ? known : `nobody-${randomUUID()}@example.com`
    times[kind].push(await post('/forget-password', { email }))
  }
}
const summary = Object.fromEntries(
  Object.entries(times).map(([kind, values]) => [
    kind,
    { median: percentile(values, 50), p95: percentile(values, 95) },
  ]),
)
const gap = {
  median: Math.abs(summary.known.median - summary.unknown.median),
  p95: Math.abs(summary.known.p95 - summary.unknown.p95),
}
const ms = (value) => `${value.toFixed(2)} ms`
console.log(`forgot-password, ${ROUNDS} requests each, against ${origin}`)
for (const [kind, { median, p95 }] of Object.entries(summary)) {
  console.log(`  ${kind.padEnd(8)} median ${ms(median)}  p95 ${ms(p95)}`)
}
console.log(`  gap      median ${ms(gap.median)}  p95 ${ms(gap.p95)}  (must be under ${LIMIT_MS} ms)`)
process.exitCode = gap.median < LIMIT_MS && gap.p95 < LIMIT_MS ? 0 : 1
