// The bench's traffic: next start as a child of its own, requests tried again on a closed kept-alive
// connection, wrk with the server's CPU time, a basket filled and orders placed as a browser running
// no scripts does, and server times one request after another.
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { GOOD_IPHONE_13, hiddenFields, unescapeHtml } from './page-forms.mjs'

export const WRK = ['-t1', '-c50', '-d10s']

/**
 * fetch, tried once more when a kept-alive connection turns out to have been closed by the server
 * (EPIPE, ECONNRESET) before the request reached it: safe for every request here, checkouts included,
 * which carry an idempotency key.
 */
export async function request(url, init) {
  try {
    return await fetch(url, init)
  } catch (error) {
    if (!['EPIPE', 'ECONNRESET', 'UND_ERR_SOCKET'].includes(error.cause?.code)) throw error
    return fetch(url, init)
  }
}

export async function waitFor(url, timeoutMs = 60_000) {
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
export function startNext(dir, port, { configuredDatabase = false, env = {} } = {}) {
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
        ...env,
      },
      // BENCH_SERVER_LOG=1 shows what the server says: a row that answers 500 tells why there.
      stdio: process.env.BENCH_SERVER_LOG ? ['ignore', 'inherit', 'inherit'] : 'ignore',
      detached: true,
    },
  )
  // A server that ends before the bench stops it (a setting refused at start) says so here, rather
  // than as the bench's later "did not answer", or as the stop's "no such process".
  let stopping = false
  child.once('exit', (code, signal) => {
    if (!stopping)
      console.error(
        `next start ${dir} ended before the bench stopped it (${signal ?? `exit ${code}`}): BENCH_SERVER_LOG=1 shows why.`,
      )
  })
  const stop = () => {
    stopping = true
    try {
      process.kill(-child.pid, 'SIGTERM')
    } catch (error) {
      if (error.code !== 'ESRCH') throw error
    }
  }
  return { pid: child.pid, stop }
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

export function wrk(url, pid, headers = {}) {
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
export async function basketCookie(origin, client = {}) {
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
export async function serverTimes(url, headers, count) {
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
export async function checkoutTimes(origin, count) {
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
