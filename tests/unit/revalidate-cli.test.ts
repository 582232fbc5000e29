import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { isValidSignature } from '@sanity/webhook'

// `npm run revalidate`, run as npm runs it, against a local server that plays the site's
// /api/revalidate: it records each call and answers as the route would.
const ROOT = path.resolve(__dirname, '../..')
const scripts = (
  JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
).scripts
const SECRET = 'cli-test-secret'

type Call = { path: string; signature: string; body: string }
type Run = { code: number | null; stdout: string; stderr: string }

let server: Server
let port: number
let calls: Call[]
let answer: { status: number; body: unknown }

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    calls.push({
      path: `${req.method} ${req.url}`,
      signature: String(req.headers['sanity-webhook-signature'] ?? ''),
      body: Buffer.concat(chunks).toString('utf8'),
    })
    res.writeHead(answer.status, { 'content-type': 'application/json' })
    res.end(JSON.stringify(answer.body))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as AddressInfo).port
})
afterAll(() => new Promise((resolve) => server.close(resolve)))
beforeEach(() => {
  calls = []
  answer = { status: 200, body: { ok: true, revalidated: ['page'] } }
})

function run(args: string[], env: Record<string, string> = {}): Promise<Run> {
  const [node, ...scriptArgs] = (scripts.revalidate ?? '').split(' ')
  expect(node).toBe('node')
  const childEnv = { ...process.env }
  for (const key of ['SANITY_REVALIDATE_SECRET', 'SITE_URL', 'PORT', 'NODE_OPTIONS']) delete childEnv[key]
  const child = spawn(process.execPath, [...scriptArgs, ...args], { cwd: ROOT, env: { ...childEnv, ...env } })
  let [stdout, stderr] = ['', '']
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })))
}

describe('npm run revalidate', () => {
  it('sends a webhook call the site can verify, and prints its answer', async () => {
    const result = await run(['page', 'page-about-faqs'], {
      SANITY_REVALIDATE_SECRET: SECRET,
      SITE_URL: `http://127.0.0.1:${port}`,
    })
    expect(result.code).toBe(0)
    expect(calls).toHaveLength(1)
    const [call] = calls
    expect(call?.path).toBe('POST /api/revalidate')
    expect(JSON.parse(call!.body)).toEqual({ _type: 'page', _id: 'page-about-faqs' })
    expect(await isValidSignature(call!.body, call!.signature, SECRET)).toBe(true)
    expect(await isValidSignature(call!.body, call!.signature, 'another-secret')).toBe(false)
    expect(result.stdout).toContain('answered 200: {"ok":true,"revalidated":["page"]}')
  })

  it('finds the site on localhost:$PORT without SITE_URL, and names a singleton by its type', async () => {
    answer = { status: 200, body: { ok: true, revalidated: ['siteSettings'] } }
    const result = await run(['siteSettings'], { SANITY_REVALIDATE_SECRET: SECRET, PORT: String(port) })
    expect(result.code).toBe(0)
    expect(JSON.parse(calls[0]!.body)).toEqual({ _type: 'siteSettings', _id: 'siteSettings' })
  })

  it('refuses to run without the secret, saying which variable to set', async () => {
    const result = await run(['page'], { SITE_URL: `http://127.0.0.1:${port}` })
    expect(result.code).toBe(1)
    expect(result.stderr).toContain('SANITY_REVALIDATE_SECRET is not set')
    expect(calls).toHaveLength(0)
  })

  it('fails on a type the site does not read, after printing the answer', async () => {
    answer = { status: 200, body: { ok: true, revalidated: [] } }
    const result = await run(['shoppingList'], {
      SANITY_REVALIDATE_SECRET: SECRET,
      SITE_URL: `http://127.0.0.1:${port}`,
    })
    expect(result.code).toBe(1)
    expect(result.stdout).toContain('answered 200: {"ok":true,"revalidated":[]}')
    expect(result.stderr).toContain('"shoppingList"')
  })

  it('fails when the site refuses the call', async () => {
    answer = { status: 401, body: { ok: false, code: 'invalid_signature' } }
    const result = await run(['page'], { SANITY_REVALIDATE_SECRET: SECRET, SITE_URL: `http://127.0.0.1:${port}` })
    expect(result.code).toBe(1)
    expect(result.stdout).toContain('answered 401')
  })

  it('fails, naming the address, when no site answers', async () => {
    const result = await run(['page'], { SANITY_REVALIDATE_SECRET: SECRET, SITE_URL: 'http://127.0.0.1:9' })
    expect(result.code).toBe(1)
    expect(result.stderr).toContain('Could not reach http://127.0.0.1:9/api/revalidate')
  })
})
