import { spawn } from 'node:child_process'
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { missingSharedSecrets, readAuthSecret, readOrCreateSecretFile } from '@/config/secrets'
import { readPayoutKeys } from '@/payouts/payout-crypto'

const ROOT = path.resolve(__dirname, '../..')

let folder: string
beforeEach(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'auth-secret-test-'))
})
afterEach(() => rm(folder, { recursive: true, force: true }))

describe('readOrCreateSecretFile', () => {
  it('creates the file, and its folder, readable only by its owner, holding at least 32 characters', async () => {
    const file = path.join(folder, '.data', 'auth-secret')
    const secret = readOrCreateSecretFile(file)
    expect(secret.length).toBeGreaterThanOrEqual(32)
    expect(await readFile(file, 'utf8')).toBe(secret)
    expect((await stat(file)).mode & 0o777).toBe(0o600)
    expect(await readdir(path.dirname(file))).toEqual(['auth-secret'])
  })

  it('returns the same secret on a second call, and a different one for another file', () => {
    const file = path.join(folder, 'auth-secret')
    const secret = readOrCreateSecretFile(file)
    expect(readOrCreateSecretFile(file)).toBe(secret)
    expect(readOrCreateSecretFile(path.join(folder, 'other-secret'))).not.toBe(secret)
  })

  it('keeps a secret already in the file', async () => {
    const file = path.join(folder, 'auth-secret')
    await writeFile(file, `${'k'.repeat(40)}\n`)
    expect(readOrCreateSecretFile(file)).toBe('k'.repeat(40))
  })

  it('refuses a file holding too short a secret, naming the file', async () => {
    const file = path.join(folder, 'auth-secret')
    await writeFile(file, 'short')
    expect(() => readOrCreateSecretFile(file)).toThrow(`${file} holds no usable secret`)
  })

  // Several servers started together (or build workers) must agree on one key, and none may read a
  // file another has created but not yet filled. Many files make the race likely on each run.
  it('gives processes starting at the same moment the same secret, without an error', async () => {
    const processes = 4
    const files = 400
    const startAt = Date.now() + 2_000
    const outputs = await Promise.all(Array.from({ length: processes }, () => raceForSecrets(folder, files, startAt)))
    const errors = outputs.flat().filter((result) => result.startsWith('error:'))
    expect(errors).toEqual([])
    for (let i = 0; i < files; i++) {
      expect(new Set(outputs.map((output) => output[i])).size).toBe(1)
    }
    expect((await readdir(folder)).filter((name) => !/^secret-\d+$/.test(name))).toEqual([])
  }, 30_000)
})

describe('readAuthSecret', () => {
  it('uses BETTER_AUTH_SECRET from the environment given, trimmed', () => {
    const secret = 'b'.repeat(32)
    expect(readAuthSecret({ BETTER_AUTH_SECRET: ` ${secret}\n` })).toBe(secret)
  })

  it('refuses a BETTER_AUTH_SECRET shorter than 32 characters, saying how to make one', () => {
    expect(() => readAuthSecret({ BETTER_AUTH_SECRET: 'b'.repeat(31) })).toThrow(
      'BETTER_AUTH_SECRET must be at least 32 characters (try: openssl rand -base64 32).',
    )
  })
})

describe('keys on a shared database', () => {
  const shared = { DATABASE_URL: 'postgres://handback@db.internal/handback' }
  const key = Buffer.alloc(32, 7).toString('base64')

  it('are all required: none is generated into this machine’s .data/ beside a shared database', () => {
    expect(missingSharedSecrets(shared)).toEqual(['BETTER_AUTH_SECRET', 'PAYOUT_ENCRYPTION_KEY'])
    expect(missingSharedSecrets({ ...shared, PAYOUT_ENCRYPTION_KEY: key })).toEqual(['BETTER_AUTH_SECRET'])
    expect(missingSharedSecrets({ ...shared, PAYOUT_ENCRYPTION_KEY: key, BETTER_AUTH_SECRET: 'c'.repeat(32) })).toEqual(
      [],
    )
    expect(() => readAuthSecret(shared)).toThrow('BETTER_AUTH_SECRET must be set when DATABASE_URL is')
    expect(() => readPayoutKeys(shared)).toThrow('PAYOUT_ENCRYPTION_KEY must be set when DATABASE_URL is')
  })

  it('are not asked for on the embedded database, where one process holds it', () => {
    expect(missingSharedSecrets({})).toEqual([])
  })
})

/** One process running tests/support/secret-race.ts: what it read for each file, in order. */
function raceForSecrets(folder: string, count: number, startAt: number): Promise<string[]> {
  const env = { ...process.env }
  delete env.NODE_OPTIONS
  const child = spawn(
    process.execPath,
    [
      path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'),
      '--conditions=react-server',
      path.join(ROOT, 'tests', 'support', 'secret-race.ts'),
      folder,
      String(count),
      String(startAt),
    ],
    { cwd: ROOT, env },
  )
  let [stdout, stderr] = ['', '']
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  return new Promise((resolve, reject) =>
    child.on('close', (code) =>
      code === 0 ? resolve(JSON.parse(stdout) as string[]) : reject(new Error(`exit ${code}: ${stderr}`)),
    ),
  )
}
