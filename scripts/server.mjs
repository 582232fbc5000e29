// `npm start`: the production build of web/, served by Next behind a few lines of our own that
// decide who the client is. Next fills X-Forwarded-For from the socket only when a request has
// none, so a client reaching the site directly could write its own and be anyone to the rate
// limits. Here the header is always replaced by the one address this server trusts:
//   TRUSTED_PROXIES=0 (the default): the connection's own address; the headers are ignored.
//   TRUSTED_PROXIES=N: the site is behind N proxies that each append the address they were given
//   to X-Forwarded-For (nginx's $proxy_add_x_forwarded_for); the client is the N-th entry from the
//   right, and X-Forwarded-Proto is the nearest proxy's.
// Options as `next start` takes them: --port/-p (or PORT, default 3000), --hostname/-H. Without
// SITE_URL it listens on 127.0.0.1 only, and refuses another hostname (see listenAddress).
//
// On SIGTERM (or SIGINT) the process stops taking connections, tells /api/health/ready to answer
// 503, lets the requests in flight finish and the e-mail being sent go out, then exits 0; past
// SHUTDOWN_GRACE_SECONDS (default 25) it closes what is left and exits 1.
import { createServer } from 'node:http'
import path from 'node:path'
import { parseArgs } from 'node:util'
import next from 'next'

const { values } = parseArgs({
  options: { port: { type: 'string', short: 'p' }, hostname: { type: 'string', short: 'H' } },
  allowPositionals: true,
})
const port = Number(values.port ?? process.env.PORT ?? 3000)
const hostname = listenAddress(values.hostname, port)
const trusted = readTrustedProxies(process.env.TRUSTED_PROXIES)
const graceSeconds = readGraceSeconds(process.env.SHUTDOWN_GRACE_SECONDS)
// Shared with the app through the process's globals (web/http/draining.ts, web/orders/jobs.ts).
const DRAINING = Symbol.for('handback.draining')
const ORDER_JOBS = Symbol.for('handback.orderJobs')

// The hostname is for listen() only: given to next() as well, a request for the not-found page after
// a publish made it stale never got an answer (Next 16.3, seen with --hostname 127.0.0.1).
const app = next({ dev: false, dir: path.join(import.meta.dirname, '..', 'web'), port })
const handle = app.getRequestHandler()
await app.prepare()

let stopping = false
const inFlight = new Set()
const server = createServer((request, response) => {
  const { address, proto } = resolveClient(request, trusted)
  request.headers['x-forwarded-for'] = address
  request.headers['x-forwarded-proto'] = proto
  delete request.headers['x-real-ip']
  inFlight.add(response)
  response.on('close', () => inFlight.delete(response))
  if (stopping) lastOnItsConnection(response)
  handle(request, response)
}).listen(port, hostname, () => {
  console.log(`Ready on http://${hostname ?? 'localhost'}:${port} (trusted proxies: ${trusted})`)
})

for (const signal of ['SIGTERM', 'SIGINT']) process.once(signal, () => stop(signal))

/** A kept-alive connection gets this answer, then no more: the client opens its next one elsewhere. */
function lastOnItsConnection(response) {
  if (!response.headersSent) response.setHeader('connection', 'close')
  response.on('finish', () => server.closeIdleConnections())
}

/** Takes nothing new, lets what is in flight finish, then exits: 0 if it all did in time, else 1. */
function stop(signal) {
  if (stopping) return
  stopping = true
  globalThis[DRAINING] = true
  for (const response of inFlight) lastOnItsConnection(response)
  console.log(`${signal}: finishing the requests in flight (up to ${graceSeconds} s), taking no new ones.`)
  const jobs = globalThis[ORDER_JOBS]
  if (jobs?.timer) clearInterval(jobs.timer)
  setTimeout(() => {
    console.error(`Stopped after ${graceSeconds} s with requests still open.`)
    server.closeAllConnections()
    process.exit(1)
  }, graceSeconds * 1000).unref()
  server.close(async () => {
    while (jobs?.delivering) await jobs.delivering.catch(() => {})
    console.log('Stopped: every request in flight was answered.')
    process.exit(0)
  })
  server.closeIdleConnections()
}

/** The client's address and scheme, from the socket and as many proxy hops as are trusted. */
export function resolveClient(request, hops) {
  const socketAddress = normalise(request.socket.remoteAddress ?? 'unknown')
  const socketProto = request.socket.encrypted ? 'https' : 'http'
  if (hops === 0) return { address: socketAddress, proto: socketProto }
  // The chain as seen from here: what the proxies wrote, then the nearest proxy itself.
  const chain = [...listOf(request.headers['x-forwarded-for']), socketAddress]
  const address = chain[Math.max(0, chain.length - 1 - hops)]
  const proto = listOf(request.headers['x-forwarded-proto']).at(-1)?.toLowerCase() === 'https' ? 'https' : 'http'
  return { address: normalise(address), proto }
}

function listOf(header) {
  const joined = Array.isArray(header) ? header.join(',') : (header ?? '')
  return joined
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
}

function normalise(address) {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address)
  return mapped ? mapped[1] : address
}

function readGraceSeconds(value) {
  if (value === undefined || value.trim() === '') return 25
  const seconds = Number(value)
  if (!Number.isFinite(seconds) || seconds < 0 || seconds > 600) {
    console.error(`SHUTDOWN_GRACE_SECONDS must be a number of seconds from 0 to 600, not "${value}".`)
    process.exit(2)
  }
  return seconds
}

/**
 * Where to listen. Links in e-mails are built from SITE_URL alone, never from a request's Host; without
 * it they point at http://localhost:PORT, which is right only when the site is reached on this
 * machine. So without SITE_URL the server listens on loopback (127.0.0.1 when no hostname is given,
 * as on a fresh clone's `npm start`), and refuses any other hostname.
 */
function listenAddress(given, listenPort) {
  if (process.env.SITE_URL?.trim()) return given
  const loopback = ['127.0.0.1', 'localhost', '::1', '[::1]']
  if (given !== undefined && !loopback.includes(given.toLowerCase())) {
    console.error(
      `SITE_URL must be set to listen on ${given}: links in e-mails are built from it (for example SITE_URL=https://www.example.co.uk). Without it the site listens on this machine only.`,
    )
    process.exit(2)
  }
  process.env.PORT = String(listenPort)
  return given ?? '127.0.0.1'
}

function readTrustedProxies(value) {
  if (value === undefined || value.trim() === '') return 0
  const hops = Number(value)
  if (!Number.isInteger(hops) || hops < 0 || hops > 10) {
    console.error(`TRUSTED_PROXIES must be a whole number of proxies in front of the site (0 to 10), not "${value}".`)
    process.exit(2)
  }
  return hops
}
