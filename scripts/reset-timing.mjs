// The clock test against account enumeration: a password reset is asked for, interleaved, for an
// address that has an account and for ones that have none, and only the posts are timed. Their
// difference is what a stranger could learn from the clock. Used by `scripts/measure-reset-timing.mjs`
// (by hand, against any running site) and by tests/e2e/reset-timing.spec.ts (in CI).
// The site limits reset requests per client, so each request here comes from an address of its
// own (198.18.0.0/15, the benchmarking range): the site must believe X-Forwarded-For
// (TRUSTED_PROXIES=1), as the e2e server does.
import { randomUUID } from 'node:crypto'
import { hiddenFields as hiddenFieldsIn } from './page-forms.mjs'

/** The gap allowed between the two, at the median and at the 95th percentile. */
export const RESET_TIMING_LIMIT_MS = 5

/**
 * Measures `rounds` resets of each kind against `origin`; `known` is an address with an account
 * (one is signed up when not given). Answers each kind's median and 95th percentile, and the gaps.
 */
export async function measureResetTiming({ origin, rounds = 100, known, warmUp = 5 }) {
  let client = Math.floor(Math.random() * 60_000)
  const nextAddress = () => {
    client = (client + 1) % 131_072
    return `198.${18 + (client >> 16)}.${(client >> 8) & 255}.${client & 255}`
  }
  // The hidden fields of the page's form (Next's `$ACTION_…` ones), read once per page: the forms
  // are server actions, posted back to the page as a browser running no scripts posts them.
  const forms = new Map()
  async function hiddenFields(path) {
    if (!forms.has(path)) forms.set(path, hiddenFieldsIn(await (await fetch(`${origin}${path}`)).text()))
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
  const account =
    known ??
    (await (async () => {
      const email = `timing-${randomUUID().slice(0, 8)}@example.com`
      await post('/sign-up', { name: 'Timing Check', email, password: 'cobalt pillow harvest' })
      return email
    })())

  // A few of each first, so that neither side pays for a cold start.
  for (let i = 0; i < warmUp; i++) {
    await post('/forget-password', { email: account })
    await post('/forget-password', { email: `nobody-${randomUUID()}@example.com` })
  }
  const times = { known: [], unknown: [] }
  for (let i = 0; i < rounds; i++) {
    const order = i % 2 ? ['known', 'unknown'] : ['unknown', 'known']
    for (const kind of order) {
      const email = kind === 'known' ? account : `nobody-${randomUUID()}@example.com`
      times[kind].push(await post('/forget-password', { email }))
    }
  }
  const summary = {
    known: { median: percentile(times.known, 50), p95: percentile(times.known, 95) },
    unknown: { median: percentile(times.unknown, 50), p95: percentile(times.unknown, 95) },
  }
  const gap = {
    median: Math.abs(summary.known.median - summary.unknown.median),
    p95: Math.abs(summary.known.p95 - summary.unknown.p95),
  }
  return { ...summary, gap }
}

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}
