// `npm start`: the production build of web/, served by Next behind a few lines of our own that
// decide who the client is. Next fills X-Forwarded-For from the socket only when a request has
// none, so a client reaching the site directly could write its own and be anyone to the rate
// limits. Here the header is always replaced by the one address this server believes
// (scripts/client-address.mjs):
//   TRUSTED_PROXIES=0 (the default): the connection's own address; the headers are ignored.
//   TRUSTED_PROXIES=N: the site is behind N proxies that each append the address they were reached
//   from to X-Forwarded-For (nginx's $proxy_add_x_forwarded_for). Counting from the right, each
//   entry is believed only if the address that wrote it is in TRUSTED_PROXY_ADDRESSES (default
//   loopback), up to N entries; X-Forwarded-Proto is the nearest proxy's. A connection from any
//   other address is its own client, whatever its headers say.
// Options as `next start` takes them: --port/-p (or PORT, default 3000), --hostname/-H. Without
// SITE_URL it listens on 127.0.0.1 only, and refuses another hostname (see listenAddress).
//
// On SIGTERM (or SIGINT) the process stops taking connections, tells /api/health/ready to answer
// 503, lets the requests in flight finish and the e-mail being sent go out, then exits 0; past
// SHUTDOWN_GRACE_SECONDS (default 25) it closes what is left and exits 1.
//
// Without REGISTER_URL, it also starts the local stand-in for the stolen-device register
// (register-api/) on 127.0.0.1:REGISTER_STANDIN_PORT (default 3990), which ends with this process,
// sharing STAND_IN_KEY with it (generated when unset). A stand-in is refused (exit 2) when SITE_URL
// is not this machine unless ALLOW_STAND_INS names it, and the real register must be https
// (web/config/stand-in-guard.ts). Without CARRIER_URL, likewise the carrier's stand-in (carrier-api/)
// on CARRIER_STANDIN_PORT (default 3993), and without SMS_URL the text-message provider's (sms-api/)
// on SMS_STANDIN_PORT (default 3994).
//
// Likewise without PAYMENTS_URL (and unless PAYMENTS_ROUTE=bacs-file), the payments provider's
// stand-in (payments-api/) on 127.0.0.1:PAYMENTS_STANDIN_PORT (default 3991), sending its webhooks
// to this site (SITE_URL, or this port on 127.0.0.1). Without PAYPAL_URL, likewise PayPal's stand-in
// (paypal-api/) on PAYPAL_STANDIN_PORT (default 3992), told this server's own webhook address as its argument.
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { createServer } from 'node:http'
import path from 'node:path'
import { parseArgs } from 'node:util'
import next from 'next'
// Shared with the app through the process's globals, named in web/config/process-state.ts: on a stop
// this sets `draining`, clears the minute job's timer and waits for the e-mail being sent.
import { readProcessState, writeProcessState } from '../web/config/process-state.ts'
import { LOOPBACK, readTrustedAddresses, resolveClient } from './client-address.mjs'
import { paymentsOrExit, paymentsStandInCommand, webhookUrlFor } from './payments-stand-in.mjs'
import { carrierOrExit, registerOrExit, smsOrExit, standInCommand } from './stand-in-services.mjs'
import { paypalOrExit, paypalStandInCommand, paypalWebhookUrl } from './paypal-stand-in.mjs'

const { values } = parseArgs({
  options: { port: { type: 'string', short: 'p' }, hostname: { type: 'string', short: 'H' } },
  allowPositionals: true,
})
const port = Number(values.port ?? process.env.PORT ?? 3000)
const hostname = listenAddress(values.hostname, port)
const trusted = readTrustedProxies(process.env.TRUSTED_PROXIES)
const trustedAddresses = readTrustedProxyAddresses(process.env.TRUSTED_PROXY_ADDRESSES, trusted)
const graceSeconds = readGraceSeconds(process.env.SHUTDOWN_GRACE_SECONDS)

startStandIn({
  service: registerOrExit(process.env),
  folder: 'register-api',
  portSetting: 'REGISTER_STANDIN_PORT',
  defaultPort: '3990',
  urlSetting: 'REGISTER_URL',
  waits: 'device checks wait',
  name: 'stolen-device register',
})
startStandIn({
  service: carrierOrExit(process.env),
  folder: 'carrier-api',
  portSetting: 'CARRIER_STANDIN_PORT',
  defaultPort: '3993',
  urlSetting: 'CARRIER_URL',
  waits: 'carrier labels wait',
  name: 'carrier',
})
startStandIn({
  service: smsOrExit(process.env),
  folder: 'sms-api',
  portSetting: 'SMS_STANDIN_PORT',
  defaultPort: '3994',
  urlSetting: 'SMS_URL',
  waits: 'texts wait',
  name: 'text-message',
})
startPaymentsStandIn()
startPaypalStandIn()

// The hostname is for listen() only: given to next() as well, a request for the not-found page after
// a publish made it stale never got an answer (Next 16.3, seen with --hostname 127.0.0.1).
const app = next({ dev: false, dir: path.join(import.meta.dirname, '..', 'web'), port })
const handle = app.getRequestHandler()
await app.prepare()

let stopping = false
const inFlight = new Set()
const server = createServer((request, response) => {
  const { address, proto } = resolveClient(request, trusted, trustedAddresses.list)
  request.headers['x-forwarded-for'] = address
  request.headers['x-forwarded-proto'] = proto
  delete request.headers['x-real-ip']
  inFlight.add(response)
  response.on('close', () => inFlight.delete(response))
  if (stopping) lastOnItsConnection(response)
  handle(request, response)
})
// Idle kept-alive connections stay open longer than any client or proxy in front keeps one for
// reuse: nginx's upstream keepalive_timeout (60 s in deploy/nginx/handback.conf), and Playwright's
// and Node's agents, which keep theirs with no idle limit at all. With Node's default of 5 s, a
// request sent on a connection just as the server closed it met `read ECONNRESET` (and nginx does
// not send a POST again: its visitor would get a 502). headersTimeout must exceed it. Stopping
// still closes idle connections at once (closeIdleConnections in stop()).
server.keepAliveTimeout = 75_000
server.headersTimeout = 80_000
server.listen(port, hostname, () => {
  const proxies = trusted ? `${trusted}, from ${trustedAddresses.entries.join(', ')}` : 'none'
  console.log(`Ready on http://${hostname ?? 'localhost'}:${port} (trusted proxies: ${proxies})`)
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
  writeProcessState('draining', true)
  for (const response of inFlight) lastOnItsConnection(response)
  console.log(`${signal}: finishing the requests in flight (up to ${graceSeconds} s), taking no new ones.`)
  const jobs = readProcessState('jobs')
  if (jobs?.timer) clearInterval(jobs.timer)
  const outbox = readProcessState('outbox')
  const labels = readProcessState('carrierLabels')
  setTimeout(() => {
    console.error(`Stopped after ${graceSeconds} s with requests still open.`)
    server.closeAllConnections()
    process.exit(1)
  }, graceSeconds * 1000).unref()
  server.close(async () => {
    while (outbox?.delivering) await outbox.delivering.catch(() => {})
    // A label asked of the carrier is kept before the process ends, not made twice by the next.
    while (labels?.running) await labels.running.catch(() => {})
    console.log('Stopped: every request in flight was answered.')
    process.exit(0)
  })
  server.closeIdleConnections()
}

/**
 * A service's stand-in (the stolen-device register's, the carrier's, the text-message provider's), when no real one is
 * configured: a child that exits when this process does (its stdin is our pipe), given the key it
 * proves its answers with. Something else already on the port is not believed by the site (it
 * cannot prove an answer): the work that needs the service waits.
 */
function startStandIn({ service, folder, portSetting, defaultPort, urlSetting, waits, name }) {
  if (service.kind === 'service') return
  // One key for this server's stand-ins, shared at start: the site reads it from its environment.
  process.env.STAND_IN_KEY ||= randomBytes(24).toString('hex')
  // A stand-in of someone else's (npm run stack's), named in the URL setting: it proves itself with the same key.
  if (service.url) return
  const standInPort = process.env[portSetting]?.trim() || defaultPort
  process.env[portSetting] = standInPort
  const child = spawn(
    ...standInCommand(folder, standInPort, { exitWithStdin: true, stdio: ['pipe', 'inherit', 'inherit'] }),
  )
  child.on('exit', (code) => {
    if (code === 3)
      console.error(
        `Port ${standInPort} is taken by another program: ${waits} until the ${name} stand-in answers there (set ${portSetting} to a free port).`,
      )
    else if (!readProcessState('draining')) console.error(`The ${name} stand-in stopped (exit ${code}): ${waits}.`)
  })
  console.log(`${name[0].toUpperCase()}${name.slice(1)}: the local stand-in (set ${urlSetting} for the real one).`)
}

/**
 * The payments provider's stand-in, when no real one is configured: a child that ends with this
 * process, sending the payments' webhooks here. A second `npm start` sharing one database and
 * STAND_IN_KEY finds the port taken and uses the first one's (its webhooks reach the first site,
 * which shares the database); with another key it is not believed, and payments wait.
 */
function startPaymentsStandIn() {
  const payments = paymentsOrExit(process.env)
  if (payments.kind !== 'stand-in') return
  process.env.STAND_IN_KEY ||= randomBytes(24).toString('hex')
  if (payments.url) return
  const standInPort = process.env.PAYMENTS_STANDIN_PORT?.trim() || '3991'
  process.env.PAYMENTS_STANDIN_PORT = standInPort
  const origin = process.env.SITE_URL?.trim() || `http://127.0.0.1:${port}`
  const child = spawn(
    ...paymentsStandInCommand(standInPort, {
      webhookUrl: webhookUrlFor(new URL(origin).origin),
      exitWithStdin: true,
      stdio: ['pipe', 'inherit', 'inherit'],
    }),
  )
  child.on('exit', (code) => {
    if (code === 3)
      console.error(
        `Port ${standInPort} is taken by another program: payments go to whatever answers there, and count only if it is a stand-in sharing this STAND_IN_KEY (set PAYMENTS_STANDIN_PORT to a free port).`,
      )
    else if (!readProcessState('draining'))
      console.error(`The payments stand-in stopped (exit ${code}): payments and payee checks will wait.`)
  })
  console.log(`Payments provider: the local stand-in (set PAYMENTS_URL for a real one, or PAYMENTS_ROUTE=bacs-file).`)
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

function readTrustedProxyAddresses(value, hops) {
  if (value === undefined || value.trim() === '') return readTrustedAddresses(LOOPBACK)
  if (hops === 0) {
    // Addresses named but no proxy trusted: every client would be counted as the proxy.
    console.error('TRUSTED_PROXY_ADDRESSES is set but TRUSTED_PROXIES is 0: set how many proxies stand in front.')
    process.exit(2)
  }
  try {
    return readTrustedAddresses(value)
  } catch (error) {
    console.error(
      `TRUSTED_PROXY_ADDRESSES must be the proxies' addresses or CIDR ranges, comma-separated (${error.message}).`,
    )
    process.exit(2)
  }
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

/**
 * PayPal's stand-in, when PayPal itself is not configured: as the register's, with this server's
 * address for its webhooks, as a PayPal account is set up with the site's webhook address.
 */
function startPaypalStandIn() {
  const paypal = paypalOrExit(process.env)
  if (paypal.kind === 'service') return
  process.env.STAND_IN_KEY ||= randomBytes(24).toString('hex')
  if (paypal.url) return
  const standInPort = process.env.PAYPAL_STANDIN_PORT?.trim() || '3992'
  process.env.PAYPAL_STANDIN_PORT = standInPort
  const webhook = paypalWebhookUrl(`http://127.0.0.1:${port}`)
  const child = spawn(
    ...paypalStandInCommand(standInPort, webhook, { exitWithStdin: true, stdio: ['pipe', 'inherit', 'inherit'] }),
  )
  child.on('exit', (code) => {
    if (code === 3)
      console.error(
        `Port ${standInPort} is taken by another program: PayPal payments wait until the PayPal stand-in answers there (set PAYPAL_STANDIN_PORT to a free port).`,
      )
    else if (!readProcessState('draining'))
      console.error(`The PayPal stand-in stopped (exit ${code}): PayPal payments will wait.`)
  })
  console.log(`PayPal: the local stand-in (set PAYPAL_URL for PayPal itself).`)
}
