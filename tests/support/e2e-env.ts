import { tmpdir } from 'node:os'
import path from 'node:path'

const E2E_DIR = path.join(tmpdir(), 'handback-e2e')

/** Where the e2e server stores form submissions, so tests can check what was kept. */
export const FORM_STORE_PATH = process.env.FORM_STORE_PATH ?? path.join(E2E_DIR, 'submissions.ndjson')

/** The e2e server reads a copy of the seed, which the revalidation test edits. */
export const SEED_COPY_DIR = path.join(E2E_DIR, 'seed')
export const SEED_COPY_PATH = path.join(SEED_COPY_DIR, 'data.ndjson')

/** The webhook secret the e2e server is started with; tests sign with it. */
export const REVALIDATE_SECRET = 'e2e-only-revalidate-secret'

let counter = 0
/** A client address of its own for each test (TEST-NET-3), so per-client rate limits stay per test. */
export function testClientAddress(): string {
  counter += 1
  return `203.0.113.${(process.pid + counter * 7) % 250}`
}

export function uniqueEmail(tag: string): string {
  return `${tag}.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 8)}@example.com`
}
