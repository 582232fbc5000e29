// `npm run studio:local`: the real Sanity Studio and the site, both on the local content API over
// the seed, with no Sanity account and no network. It starts three processes and stops them
// together: the content API (writing every edit back to the seed file), the Studio pointed at it,
// and the site (`next dev`) reading it through the same client it uses for Sanity. Each publish
// reaches the site through the signed revalidation webhook, as it would from Sanity.
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { connect } from 'node:net'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { ensureCertificate } from '../content-api/http/tls'

const { values } = parseArgs({
  options: {
    file: { type: 'string', default: 'studio/seed/data.ndjson' },
    'api-port': { type: 'string', default: '3434' },
    'studio-port': { type: 'string', default: '3333' },
    'site-port': { type: 'string', default: '3000' },
    // Only the API and the Studio, for a site started some other way.
    'no-site': { type: 'boolean', default: false },
  },
})

const PROJECT_ID = 'local'
const DATASET = 'production'
const CERT_DIR = path.join('.data', 'content-api')
const apiPort = Number(values['api-port'])
const apiHost = `https://localhost:${apiPort}`
const siteOrigin = `http://localhost:${values['site-port']}`
// The webhook's secret is this run's own unless the developer gives one.
const secret = process.env.SANITY_REVALIDATE_SECRET?.trim() || randomBytes(24).toString('base64url')
const certificate = ensureCertificate(CERT_DIR, [`${PROJECT_ID}.localhost`])

const children: ChildProcess[] = []

function start(name: string, command: string, args: string[], env: Record<string, string>, cwd = process.cwd()) {
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  const prefix = `[${name}] `
  const relay = (stream: NodeJS.WritableStream) => (chunk: Buffer) =>
    stream.write(
      chunk
        .toString()
        .split('\n')
        .filter((line, index, lines) => line || index < lines.length - 1)
        .map((line) => prefix + line + '\n')
        .join(''),
    )
  child.stdout?.on('data', relay(process.stdout))
  child.stderr?.on('data', relay(process.stderr))
  child.on('exit', (code, signal) => {
    if (stopping) return
    console.error(`${prefix}stopped (${signal ?? `exit code ${code}`}); stopping the others.`)
    stop(1)
  })
  children.push(child)
}

let stopping = false
function stop(code = 0) {
  stopping = true
  for (const child of children) child.kill('SIGTERM')
  setTimeout(() => process.exit(code), 500).unref()
}
process.on('SIGINT', () => stop())
process.on('SIGTERM', () => stop())

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

async function waitForPort(port: number, what: string) {
  for (let tries = 0; tries < 240; tries++) {
    if (await portOpen(port)) return
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`${what} did not start on port ${port}`)
}

async function main() {
  const webhook = values['no-site'] ? [] : ['--webhook', `${siteOrigin}/api/revalidate`]
  start(
    'content-api',
    'npx',
    [
      'tsx',
      'content-api/main.ts',
      '--file',
      values.file,
      '--port',
      String(apiPort),
      '--project-id',
      PROJECT_ID,
      '--dataset',
      DATASET,
      '--cert-dir',
      CERT_DIR,
      ...webhook,
    ],
    { SANITY_REVALIDATE_SECRET: secret },
  )
  await waitForPort(apiPort, 'The content API')
  start(
    'studio',
    'npx',
    ['sanity', 'dev', '--port', values['studio-port']],
    {
      SANITY_STUDIO_PROJECT_ID: PROJECT_ID,
      SANITY_STUDIO_DATASET: DATASET,
      SANITY_STUDIO_LOCAL_API_HOST: apiHost,
      SANITY_STUDIO_PREVIEW_URL: siteOrigin,
    },
    path.resolve('studio'),
  )
  if (!values['no-site']) {
    start('site', 'npx', ['next', 'dev', 'web', '--port', values['site-port']], {
      NEXT_PUBLIC_SANITY_PROJECT_ID: PROJECT_ID,
      NEXT_PUBLIC_SANITY_DATASET: DATASET,
      SANITY_API_HOST: apiHost,
      // The site's server trusts the content API's self-signed certificate.
      NODE_EXTRA_CA_CERTS: path.resolve(certificate.certPath),
      SANITY_REVALIDATE_SECRET: secret,
    })
  }
  await waitForPort(Number(values['studio-port']), 'The Studio')
  console.log(`
  Studio:  http://localhost:${values['studio-port']}   (signed in as "Local editor"; no account)
  Site:    ${values['no-site'] ? '(not started: --no-site)' : `${siteOrigin}   (reads the content API; each publish refreshes it)`}
  Content: ${path.resolve(values.file)}   (every edit is written back here)

  Your browser must trust the certificate once: ${path.resolve(certificate.certPath)}
  (see "Editing the seed in the Studio, offline" in docs/editors.md). Ctrl+C stops all three.
`)
}

main().catch((error: unknown) => {
  console.error((error as Error).message)
  stop(1)
})
