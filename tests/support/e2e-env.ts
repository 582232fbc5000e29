import { randomInt } from 'node:crypto'
import { tmpdir } from 'node:os'
import path from 'node:path'

// One folder per server port, so two e2e servers (CI's PostgreSQL rerun, a second checkout) never
// share a seed copy, a PGlite folder or an outbox.
const E2E_DIR = path.join(tmpdir(), `handback-e2e-${process.env.E2E_PORT ?? '3100'}`)

/** The e2e server reads a copy of the seed, which the revalidation test edits. */
export const SEED_COPY_DIR = path.join(E2E_DIR, 'seed')
export const SEED_COPY_PATH = path.join(SEED_COPY_DIR, 'data.ndjson')

/**
 * The e2e server's own basket database, emptied before it starts: PGlite serves one process, so
 * it must never share a folder with a dev server, and no run may see an earlier run's baskets.
 */
export const PGLITE_DATA_DIR = path.join(E2E_DIR, 'pglite')

/** Everything the e2e server logs, so a test can check that no seller's details reach it. */
export const SERVER_LOG = path.join(E2E_DIR, 'server.log')

/** Where the e2e server writes the e-mails it sends (no SMTP_URL), so tests can open their links. */
export const MAIL_OUTBOX_DIR = path.join(E2E_DIR, 'outbox')

/** Staff accounts made with `npm run staff:create` before the e2e server starts. */
export const STAFF_ACCOUNTS = {
  staff: { email: 'robin.staff@e2e.example.com', name: 'Robin Staff', password: 'amber kettle meadow lane' },
  manager: { email: 'morgan.manager@e2e.example.com', name: 'Morgan Manager', password: 'copper lantern orchard' },
}

/** A member of staff who has not set up two-step login: the set-up test's alone. */
export const NEW_STAFF = {
  email: 'casey.newcomer@e2e.example.com',
  name: 'Casey Newcomer',
  password: 'willow ferry granite',
  role: 'staff',
}

/**
 * A member of staff whose password someone else also has, from before set-up (passed on by the
 * operator, typed on a shared machine): the session-binding test's alone.
 */
export const LEAKED_STAFF = {
  email: 'jordan.leaked@e2e.example.com',
  name: 'Jordan Leaked',
  password: 'saffron tunnel beacon',
  role: 'staff',
}

/**
 * The authenticator keys and backup codes of the staff accounts, as the tests set them up through
 * the set-up page: emptied with the database before the e2e server starts.
 */
export const STAFF_KEYS_DIR = path.join(E2E_DIR, 'staff-keys')

/** How long a staff login or re-check covers bank details and payments on the e2e server (5 minutes live). */
export const STAFF_RECHECK_SECONDS = 15

/**
 * How often the e2e servers run their jobs (JOBS_EVERY_SECONDS): every few seconds, not every minute,
 * so a test that waits on a job's work waits seconds. The jobs' own clocks are unchanged.
 */
export const JOBS_EVERY_SECONDS = 5

/**
 * The stolen-device register's stand-in that the e2e server starts (`npm start` does, without
 * REGISTER_URL): a port of its own per server port, and a short timeout, so a test that makes the
 * register slow waits a second or two, not five.
 */
export const REGISTER_STANDIN_PORT = Number(
  process.env.E2E_REGISTER_PORT ?? Number(process.env.E2E_PORT ?? '3100') + 1000,
)
export const REGISTER_STANDIN = `http://127.0.0.1:${REGISTER_STANDIN_PORT}`
/** The payments provider's stand-in the e2e server starts: a port of its own beside the register's. */
export const PAYMENTS_STANDIN_PORT = Number(
  process.env.E2E_PAYMENTS_PORT ?? Number(process.env.E2E_PORT ?? '3100') + 1001,
)
export const PAYMENTS_STANDIN = `http://127.0.0.1:${PAYMENTS_STANDIN_PORT}`
/** PayPal's stand-in that the e2e server starts (without PAYPAL_URL), on a port of its own too. */
export const PAYPAL_STANDIN_PORT = Number(process.env.E2E_PAYPAL_PORT ?? Number(process.env.E2E_PORT ?? '3100') + 1002)
/** The carrier's stand-in that the e2e server starts (without CARRIER_URL), on a port of its own too. */
export const CARRIER_STANDIN_PORT = Number(
  process.env.E2E_CARRIER_PORT ?? Number(process.env.E2E_PORT ?? '3100') + 1003,
)
export const CARRIER_STANDIN = `http://127.0.0.1:${CARRIER_STANDIN_PORT}`
/** The text-message provider's stand-in that the e2e server starts (without SMS_URL), on a port of its own too. */
export const SMS_STANDIN_PORT = Number(process.env.E2E_SMS_PORT ?? Number(process.env.E2E_PORT ?? '3100') + 1004)
export const SMS_STANDIN = `http://127.0.0.1:${SMS_STANDIN_PORT}`
/** The key the e2e server shares with its stand-in (STAND_IN_KEY): the switch takes it. */
export const STAND_IN_KEY = 'e2e-only-stand-in-key-5b7d0e2a91c4'
export const REGISTER_TIMEOUT_MS = 1500

/** The webhook secret the e2e server is started with; tests sign with it. */
export const REVALIDATE_SECRET = 'e2e-only-revalidate-secret-4c1f9a'

/** Server-only secrets the e2e build is given, so a test can prove none reaches the browser. */
export const SERVER_SECRETS = {
  SANITY_API_WRITE_TOKEN: 'e2e-only-write-token-7d2b61',
  SANITY_API_READ_TOKEN: 'e2e-only-read-token-9e0c35',
  SANITY_REVALIDATE_SECRET: REVALIDATE_SECRET,
  BETTER_AUTH_SECRET: 'e2e-only-auth-secret-3f8a1c6d2b9e4f70a5c1',
  // 32 bytes, base64: the key that seals sellers' bank details.
  PAYOUT_ENCRYPTION_KEY: 'ZTJlLW9ubHktcGF5b3V0LWtleS0zMi1ieXRlcy0wMDA',
}

/** The Studio origin the e2e build allows to frame the site. */
export const STUDIO_ORIGIN = 'https://studio.example.com'

// Each worker process starts at a random point of 10.0.0.0/8 and counts up from there, so two
// workers (or two runs against one server within a rate-limit window) almost never share one.
let next = randomInt(1, 2 ** 24 - 100_000)
/** A client address of its own for each test, so per-client rate limits stay per test. */
export function testClientAddress(): string {
  next += 1
  return `10.${(next >> 16) & 255}.${(next >> 8) & 255}.${next & 255}`
}

export function uniqueEmail(tag: string): string {
  return `${tag}.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 8)}@example.com`
}

/**
 * Members of staff for the attacks on two-step login (two-step-attacks.spec.ts), one per test: a
 * set-up left pending while someone else has the password, a set-up someone else tries to restart,
 * and an account whose owner's browser strangers with the password try to lock out.
 */
export const PENDING_STAFF = {
  email: 'avery.pending@e2e.example.com',
  name: 'Avery Pending',
  password: 'juniper orbit canvas',
  role: 'staff',
}
export const RESTART_STAFF = {
  email: 'riley.restart@e2e.example.com',
  name: 'Riley Restart',
  password: 'marble falcon ribbon',
  role: 'staff',
}
export const LOCKOUT_STAFF = {
  email: 'quinn.lockout@e2e.example.com',
  name: 'Quinn Lockout',
  password: 'pepper glacier violin',
  role: 'manager',
}
/** A member of staff who loses their phone: another manager resets their two-step login. */
export const RESET_STAFF = {
  email: 'taylor.reset@e2e.example.com',
  name: 'Taylor Reset',
  password: 'lichen tandem pewter',
  role: 'staff',
}
