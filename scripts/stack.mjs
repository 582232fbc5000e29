// `npm run stack`: the site as it runs past one process, on one machine. PostgreSQL, Redis, two
// instances of one build (`npm start`, each on a port of its own) and nginx in front, the only
// public port; Ctrl-C (or SIGTERM) stops them together. It installs nothing: it needs Debian's
// postgresql, redis-server and nginx (docs/operators.md, "Many instances"), and a build
// (`npm run build`; made here when there is none).
//
//   STACK_PORT        nginx's port (default 8080)
//   STACK_DIR         where the stack keeps its database, keys, logs and outbox (default .data/stack)
//   DATABASE_URL      a PostgreSQL server to use instead of starting one
//   REDIS_URL         a Redis to use instead of starting one
//   REGISTER_URL      the stolen-device register; unset, one stand-in (register-api/) on the port
//                     after Redis's, which both instances ask, sharing STAND_IN_KEY (keys.env);
//                     refused when SITE_URL is not this machine, unless ALLOW_STAND_INS=register
//   PAYMENTS_URL      the payments provider; unset (and PAYMENTS_ROUTE not bacs-file), one stand-in
//                     (payments-api/) on the port after the register's, which both instances use
//                     and which sends its webhooks to nginx; refused as the register's is
//   PAYPAL_URL        PayPal; unset, one stand-in (paypal-api/) on the port two after the register's (one after the payments provider's),
//                     sending its webhooks through nginx; refused as the register's is (ALLOW_STAND_INS=paypal)
//   CARRIER_URL       the carrier; unset, one stand-in (carrier-api/) on the port after PayPal's,
//                     for both instances; refused as the register's is (ALLOW_STAND_INS=carrier)
//   SMS_URL           the text-message provider; unset, one stand-in (sms-api/) on the port after the
//                     carrier's, for both instances; refused as the register's is (ALLOW_STAND_INS=sms)
//   STACK_MICROCACHE  1: nginx keeps public pages for a second (deploy/nginx/microcache.conf)
//   STACK_INSTANCES   1: nginx in front of instance A alone (the bench compares one with two)
// Every other variable (SITE_URL, secrets, mail) is passed on to both instances as `npm start` reads it.
// Shared keys: BETTER_AUTH_SECRET and PAYOUT_ENCRYPTION_KEY from the environment, or generated
// once into STACK_DIR/keys.env, so that a restart opens what the last run sealed; the stack's own
// Redis's password too (REDIS_PASSWORD there), which the instances get in REDIS_URL.
// The instances listen on loopback only, and believe X-Forwarded-For only from nginx, which
// connects to them from an address of its own (PROXY_ADDRESS): another process on this machine
// reaching an instance's port from 127.0.0.1 is a client like any other.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { paymentsOrExit, paymentsStandInCommand, webhookUrlFor } from './payments-stand-in.mjs'
import { carrierOrExit, registerOrExit, smsOrExit, standInCommand } from './stand-in-services.mjs'
import { paypalOrExit, paypalStandInCommand, paypalWebhookUrl } from './paypal-stand-in.mjs'
import { writeNginxConfig } from './stack/nginx.mjs'
import { sharedKeys } from './stack/shared-keys.mjs'
import { postgresCluster, redisConfig } from './stack/stores.mjs'

const root = path.join(import.meta.dirname, '..')
const port = Number(process.env.STACK_PORT ?? 8080)
const dir = path.resolve(process.env.STACK_DIR ?? path.join(root, '.data', 'stack'))
const instancePorts = [port + 1, port + 2].slice(0, process.env.STACK_INSTANCES === '1' ? 1 : 2)
const microcache = process.env.STACK_MICROCACHE === '1'
const pgPort = port + 3
const redisPort = port + 4
const registerPort = port + 5
const paymentsPort = port + 6
const paypalPort = port + 7
const carrierPort = port + 8
const smsPort = port + 9
// Every 127.x.y.z address is this machine's; nginx alone is told to use this one (proxy_bind).
const PROXY_ADDRESS = '127.0.0.2'
const children = []
let stopping = false

mkdirSync(path.join(dir, 'logs'), { recursive: true })
const log = (name) => path.join(dir, 'logs', `${name}.log`)

for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => stopAll(0))
try {
  await startStack()
} catch (error) {
  // Whatever fails while starting stops what had started.
  console.error(`The stack could not start: ${error.message}`)
  await stopAll(1)
}

async function startStack() {
  // As `npm start`: a site reached from elsewhere never checks devices against a stand-in by
  // accident, and the real register is reached over https only.
  const register = registerOrExit(process.env)
  const payments = paymentsOrExit(process.env)
  const paypal = paypalOrExit(process.env)
  const carrier = carrierOrExit(process.env)
  const sms = smsOrExit(process.env)
  if (!existsSync(path.join(root, 'web', '.next', 'BUILD_ID'))) run('npm', ['run', 'build'])

  const { REDIS_PASSWORD: redisPassword, ...keys } = sharedKeys(dir)
  const databaseUrl = process.env.DATABASE_URL?.trim() || (await startPostgres())
  const redisUrl = process.env.REDIS_URL?.trim() || startRedis(redisPassword)
  const registerUrl =
    register.kind === 'service' || register.url ? register.url : await startServiceStandIn('register', keys)
  const carrierUrl =
    carrier.kind === 'service' || carrier.url ? carrier.url : await startServiceStandIn('carrier', keys)
  const smsUrl = sms.kind === 'service' || sms.url ? sms.url : await startServiceStandIn('sms', keys)
  const siteUrl = process.env.SITE_URL?.trim() || `http://localhost:${port}`
  const paymentsUrl =
    payments.kind !== 'stand-in' || payments.url ? payments.url : await startPaymentsStandIn(keys, siteUrl)
  const paypalUrl = paypal.kind === 'service' || paypal.url ? paypal.url : await startPaypalStandIn(keys)

  const env = {
    ...process.env,
    ...keys,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    // One register for both instances: the stand-in's switch (slow, down) reaches them alike.
    REGISTER_URL: registerUrl,
    // One carrier for both: a label made by one instance is printed again, and followed, by the other.
    CARRIER_URL: carrierUrl,
    // One text-message provider for both: a text queued by one instance may be sent by the other.
    SMS_URL: smsUrl,
    // One provider's stand-in for both: a payment sent by one instance is read back by the other.
    ...(paymentsUrl ? { PAYMENTS_URL: paymentsUrl } : {}),
    // One PayPal for both: a payment sent by one instance is told (by webhook) to whichever nginx picks.
    PAYPAL_URL: paypalUrl,
    // nginx is the one proxy in front: it appends the address it was reached from to
    // X-Forwarded-For, and that entry is believed only on a connection from nginx's own address.
    TRUSTED_PROXIES: '1',
    TRUSTED_PROXY_ADDRESSES: PROXY_ADDRESS,
    MAIL_OUTBOX_DIR: process.env.MAIL_OUTBOX_DIR ?? path.join(dir, 'outbox'),
    // Links in e-mails go to nginx, the stack's one public port, not to the instance that sent them.
    SITE_URL: siteUrl,
  }
  for (const [index, instancePort] of instancePorts.entries()) {
    const name = `instance-${'ab'[index]}`
    // One instance stopping leaves the other serving (nginx sends it everything), as in production.
    start(
      name,
      'node',
      [path.join(root, 'scripts', 'server.mjs'), '--port', String(instancePort), '--hostname', '127.0.0.1'],
      { env, mayExit: true },
    )
  }
  await Promise.all(instancePorts.map((instancePort) => waitFor(`http://127.0.0.1:${instancePort}/api/health/ready`)))
  startNginx()
  await waitFor(`http://127.0.0.1:${port}/api/health/ready`)
  writeFileSync(
    path.join(dir, 'stack.json'),
    JSON.stringify({
      port,
      instancePorts,
      redisPort,
      pgPort,
      registerUrl,
      carrierUrl,
      smsUrl,
      paymentsUrl,
      pids: Object.fromEntries(children.map((c) => [c.name, c.pid])),
    }),
  )
  console.log(
    `Stack ready: http://localhost:${port} (instances on ${instancePorts.join(' and ')}; logs in ${path.relative(root, path.join(dir, 'logs'))})`,
  )
}

/** A child that lives as long as the stack; its leaving early stops the rest. */
function start(name, command, args, options = {}) {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] })
  const out = []
  child.stdout.on('data', (chunk) => out.push(chunk))
  child.stderr.on('data', (chunk) => out.push(chunk))
  const flush = () => writeFileSync(log(name), Buffer.concat(out))
  const timer = setInterval(flush, 1000)
  child.on('exit', (code, signal) => {
    clearInterval(timer)
    flush()
    if (!stopping && options.mayExit)
      console.error(`${name} stopped (${signal ?? `exit ${code}`}); the site carries on without it.`)
    else if (!stopping) {
      console.error(`${name} stopped (${signal ?? `exit ${code}`}); see ${log(name)}. Stopping the stack.`)
      stopAll(1)
    }
  })
  children.push({ name, child, pid: child.pid })
  return child
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, ...options })
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`)
}

async function startPostgres() {
  const cluster = postgresCluster(dir, pgPort)
  start('postgres', ...cluster.serve)
  children.at(-1).stop = cluster.stop
  await waitFor(cluster.url)
  return cluster.url
}

function startRedis(password) {
  const { conf, url } = redisConfig(dir, redisPort, password)
  // The site serves on without it (each instance from its own memory), so its stopping stops nothing.
  start('redis', 'redis-server', [conf], { mayExit: true })
  return url
}

/**
 * The stolen-device register's stand-in, the carrier's or the text-message provider's, for both
 * instances; device checks (or the carrier's labels, or texts) wait while it is away.
 */
async function startServiceStandIn(name, keys) {
  const standInPort = { register: registerPort, carrier: carrierPort, sms: smsPort }[name]
  const [command, args, options] = standInCommand(`${name}-api`, standInPort, {
    env: { ...process.env, STAND_IN_KEY: keys.STAND_IN_KEY },
  })
  start(name, command, args, { ...options, mayExit: true })
  const url = `http://127.0.0.1:${standInPort}`
  await waitFor(`${url}/health`)
  return url
}

/** The payments provider's stand-in, for both instances, its webhooks to nginx (either instance takes them). */
async function startPaymentsStandIn(keys, siteUrl) {
  const [command, args, options] = paymentsStandInCommand(paymentsPort, {
    webhookUrl: webhookUrlFor(new URL(siteUrl).origin),
    env: { ...process.env, STAND_IN_KEY: keys.STAND_IN_KEY },
  })
  start('payments', command, args, { ...options, mayExit: true })
  const url = `http://127.0.0.1:${paymentsPort}`
  await waitFor(`${url}/health`)
  return url
}

/** PayPal's stand-in, for both instances, its webhooks sent to nginx as PayPal's would reach the site. */
async function startPaypalStandIn(keys) {
  const [command, args, options] = paypalStandInCommand(paypalPort, paypalWebhookUrl(`http://127.0.0.1:${port}`), {
    env: { ...process.env, STAND_IN_KEY: keys.STAND_IN_KEY },
  })
  start('paypal', command, args, { ...options, mayExit: true })
  const url = `http://127.0.0.1:${paypalPort}`
  await waitFor(`${url}/health`)
  return url
}

function startNginx() {
  const conf = path.join(dir, 'nginx')
  writeNginxConfig({
    root,
    conf,
    port,
    instancePorts,
    microcache,
    proxyAddress: PROXY_ADDRESS,
    errorLog: log('nginx-error'),
  })
  start('nginx', 'nginx', ['-p', conf, '-c', path.join(conf, 'nginx.conf'), '-g', 'daemon off;'])
}

/** Resolves once the address answers: an HTTP 200, or for PostgreSQL an open port. */
async function waitFor(address, seconds = 120) {
  const deadline = Date.now() + seconds * 1000
  while (Date.now() < deadline) {
    if (stopping) return
    try {
      if (address.startsWith('postgres:')) {
        const { Client } = await import('pg')
        const client = new Client({ connectionString: address })
        await client.connect()
        await client.end()
        return
      }
      const response = await fetch(address)
      if (response.ok) return
    } catch {
      // Not up yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`${address} did not answer within ${seconds} s`)
}

/** nginx first (no new requests), then the instances (they finish theirs), then the stores. */
async function stopAll(code) {
  if (stopping) return
  stopping = true
  const order = [
    'nginx',
    'instance-a',
    'instance-b',
    'register',
    'carrier',
    'sms',
    'payments',
    'paypal',
    'redis',
    'postgres',
  ]
  for (const name of order) {
    const entry = children.find((candidate) => candidate.name === name)
    if (!entry || entry.child.exitCode !== null || entry.child.signalCode) continue
    const exited = new Promise((resolve) => entry.child.once('exit', resolve))
    // nginx stops gracefully on QUIT.
    if (entry.stop) entry.stop()
    else entry.child.kill(name === 'nginx' ? 'SIGQUIT' : 'SIGTERM')
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 30_000))])
  }
  process.exit(code)
}
