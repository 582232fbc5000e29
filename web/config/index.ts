import 'server-only'
import { statSync } from 'node:fs'
import path from 'node:path'
import { serviceAddress, siteIsLocal, STAND_IN_CLIENT_ID, standInSecret } from './stand-in-guard.ts'

/**
 * Every setting the server takes from its environment, read here and nowhere else in web/
 * (`.env.example` lists each with a line on what it does). Each reader takes the environment as
 * an argument so that tests can pass their own; by default it is the process's. A value that is
 * set but cannot be right fails here, naming the variable, not deep inside a request.
 */
export type Env = Readonly<Record<string, string | undefined>>

function processEnv(): Env {
  return process.env
}

function setting(env: Env, name: string): string | undefined {
  return env[name]?.trim() || undefined
}

// --- Where the site is -----------------------------------------------------------------------

/**
 * SITE_URL's origin: where links in e-mails point and whether cookies are marked Secure by
 * better-auth. Unset, the server listens on this machine only (scripts/server.mjs).
 */
export function siteOrigin(env: Env = processEnv()): string | undefined {
  const configured = setting(env, 'SITE_URL')
  if (!configured) return undefined
  try {
    return new URL(configured).origin
  } catch {
    throw new Error(`SITE_URL "${configured}" is not an address such as https://www.example.co.uk.`)
  }
}

// --- Where data is kept ----------------------------------------------------------------------

const MIGRATIONS_JOURNAL = path.join('web', 'db', 'migrations', 'meta', '_journal.json')

/**
 * The repository's root. Next bundles server code into .next/, so it is found from the working
 * directory, not from this file: `next start web` runs from the root; a tool started inside web/
 * runs one level down.
 */
export function projectRoot(): string {
  for (const base of [process.cwd(), path.dirname(process.cwd())]) {
    try {
      statSync(path.join(base, MIGRATIONS_JOURNAL))
      return base
    } catch {
      // try the next base
    }
  }
  throw new Error(`The project's root was not found: looked for ${MIGRATIONS_JOURNAL} from ${process.cwd()}.`)
}

/** The running build's folder (next.config.mjs's distDir): `web/.next`, or another build's. */
export function buildFolder(env: Env = processEnv()): string {
  return path.join(projectRoot(), 'web', env.NEXT_DIST_DIR || '.next')
}

/** `.data/` at the root: the embedded database, generated keys, the local outbox and form store. */
export function dataFolder(): string {
  return path.join(projectRoot(), '.data')
}

/** A PostgreSQL server (postgres://…); unset, the embedded database in `pgliteDataDir()`. */
export function databaseUrl(env: Env = processEnv()): string | undefined {
  return setting(env, 'DATABASE_URL')
}

export function pgliteDataDir(env: Env = processEnv()): string {
  return setting(env, 'PGLITE_DATA_DIR') ?? path.join(dataFolder(), 'pglite')
}

/** The port `npm start` listens on: where `npm run db:backup` asks a running site for its PGlite copy. */
export function listenPort(env: Env = processEnv()): number {
  return Number(setting(env, 'PORT') ?? 3000)
}

/** Where pg_dump and pg_restore are (default: the newest /usr/lib/postgresql/N/bin, else PATH). */
export function postgresBinDir(env: Env = processEnv()): string | undefined {
  return setting(env, 'PG_BIN_DIR')
}

/** This environment with values added: for a tool the server runs (pg_dump reads PGPASSWORD). */
export function environmentWith(extra: Record<string, string>, env: Env = processEnv()): NodeJS.ProcessEnv {
  return { ...env, ...extra } as NodeJS.ProcessEnv
}

/** Where e-mails are written as .eml files when no SMTP server is set. */
export function outboxFolder(env: Env = processEnv()): string {
  return setting(env, 'MAIL_OUTBOX_DIR') ?? path.join(dataFolder(), 'outbox')
}

/** Where sign-ups and messages were kept before the database, without Sanity: read once by submissions:move. */
export function formStorePath(env: Env = processEnv()): string {
  return path.resolve(setting(env, 'FORM_STORE_PATH') ?? path.join(dataFolder(), 'submissions.ndjson'))
}

// --- Secrets -----------------------------------------------------------------------------------

/** Signs sessions, order links and the checkout's sealed cookie; generated into `.data/` when unset. */
export function authSecretSetting(env: Env = processEnv()): string | undefined {
  return setting(env, 'BETTER_AUTH_SECRET')
}

/** Seals bank details: the current key, and older keys that still open what they sealed. */
export function payoutKeySettings(env: Env = processEnv()): { current: string | undefined; old: string[] } {
  const old = (env.PAYOUT_ENCRYPTION_OLD_KEYS ?? '')
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean)
  return { current: setting(env, 'PAYOUT_ENCRYPTION_KEY'), old }
}

/** The publish webhook's signing secret; unset, /api/revalidate refuses every call. */
export function revalidateSecret(env: Env = processEnv()): string | undefined {
  return setting(env, 'SANITY_REVALIDATE_SECRET')
}

/** A Sanity token that may write: form submissions, when a Sanity project is set. */
export function sanityWriteToken(env: Env = processEnv()): string | undefined {
  return setting(env, 'SANITY_API_WRITE_TOKEN')
}

// --- E-mail ------------------------------------------------------------------------------------

// The address used when MAIL_FROM is unset; a real deployment names its own verified sender.
const DEFAULT_FROM_ADDRESS = 'no-reply@localhost'

/** SMTP_URL (smtp://user:pass@host:587, or smtps://) and the sender's address. */
export function mailSettings(env: Env = processEnv()): { smtpUrl: string | undefined; fromAddress: string } {
  return { smtpUrl: setting(env, 'SMTP_URL'), fromAddress: setting(env, 'MAIL_FROM') ?? DEFAULT_FROM_ADDRESS }
}

// --- Staff ---------------------------------------------------------------------------------------

/**
 * How long a login or a re-check covers revealing bank details and paying: 5 minutes, or
 * STAFF_RECHECK_SECONDS (the e2e server uses a few seconds, to see the question asked).
 */
export function staffRecheckSeconds(env: Env = processEnv()): number {
  const configured = Number(env.STAFF_RECHECK_SECONDS)
  return Number.isInteger(configured) && configured > 0 ? configured : 5 * 60
}

// --- Payment runs ------------------------------------------------------------------------------

export type PaymentOriginator = { sortCode: string; accountNumber: string; name: string }

/**
 * The business's bank account that payment runs pay from, written into each bank file (Bacs
 * Standard 18: docs/payment-runs.md): PAYMENT_SORT_CODE (6 digits), PAYMENT_ACCOUNT_NUMBER (8) and
 * PAYMENT_ACCOUNT_NAME (the name the bank knows, 18 characters of A-Z, 0-9, space . & / -). Unset,
 * a stand-in account of zeros that no bank accepts, so a file made on a laptop can never pay anyone.
 */
export function paymentOriginator(env: Env = processEnv()): PaymentOriginator {
  const sortCode = (setting(env, 'PAYMENT_SORT_CODE') ?? '000000').replace(/[-\s]/g, '')
  const accountNumber = (setting(env, 'PAYMENT_ACCOUNT_NUMBER') ?? '00000000').replace(/\s/g, '')
  const name = setting(env, 'PAYMENT_ACCOUNT_NAME') ?? 'HANDBACK LOCAL'
  if (!/^\d{6}$/.test(sortCode)) throw new Error('PAYMENT_SORT_CODE must be 6 digits, such as 60-16-13.')
  if (!/^\d{8}$/.test(accountNumber)) throw new Error('PAYMENT_ACCOUNT_NUMBER must be 8 digits.')
  if (!/^[A-Za-z0-9 .&/-]{1,18}$/.test(name)) {
    throw new Error('PAYMENT_ACCOUNT_NAME must be 1 to 18 characters: letters, digits, space and . & / -.')
  }
  return { sortCode, accountNumber, name: name.toUpperCase() }
}

// --- The stolen-device register ---------------------------------------------------------------

/** The local stand-in's port when REGISTER_URL is unset (register-api/, which `npm start` runs). */
export const DEFAULT_REGISTER_STANDIN_PORT = 3990

export type RegisterSettings = {
  /** Where the register's due-diligence API is: REGISTER_URL, or the local stand-in. */
  url: string
  /** The key the register gave this business: REGISTER_API_KEY, sent as a bearer token to the real one only. */
  key: string | undefined
  /** How long one answer may take before the check is recorded as waiting and retried. */
  timeoutMs: number
  /**
   * For the stand-in (on this machine): STAND_IN_KEY, the key shared with it at start, which it
   * proves each answer with (web/config/stand-in-guard.ts). null for the real register.
   */
  standInKey: string | null
}

/**
 * The stolen-device register every device is checked against (web/register). REGISTER_URL names
 * the real one, at an https address; unset (or a plain http address on this machine), the local
 * stand-in on 127.0.0.1 (REGISTER_STANDIN_PORT, default 3990), which `npm start` starts. The
 * stand-in is refused when SITE_URL is not this machine, unless ALLOW_STAND_INS names `register`.
 */
export function registerSettings(env: Env = processEnv()): RegisterSettings {
  const address = serviceAddress(env, {
    service: 'register',
    urlSetting: 'REGISTER_URL',
    example: 'https://register.example.com/api',
  })
  const timeout = Number(setting(env, 'REGISTER_TIMEOUT_MS') ?? 5000)
  if (!Number.isInteger(timeout) || timeout < 100 || timeout > 60_000) {
    throw new Error(`REGISTER_TIMEOUT_MS must be a whole number of milliseconds from 100 to 60000.`)
  }
  if (address.kind === 'service') {
    return { url: address.url, key: setting(env, 'REGISTER_API_KEY'), timeoutMs: timeout, standInKey: null }
  }
  const standInKey = setting(env, 'STAND_IN_KEY')
  if (!standInKey) {
    throw new Error(
      'STAND_IN_KEY must be set to the key the register stand-in was started with (npm start and npm run stack share one at start).',
    )
  }
  const port = setting(env, 'REGISTER_STANDIN_PORT') ?? DEFAULT_REGISTER_STANDIN_PORT
  return { url: address.url ?? `http://127.0.0.1:${port}`, key: undefined, timeoutMs: timeout, standInKey }
}

// --- The payments provider (Faster Payments and Confirmation of Payee) ----------------------------

/** The local stand-in's port when PAYMENTS_URL is unset (payments-api/, which `npm start` runs). */
export const DEFAULT_PAYMENTS_STANDIN_PORT = 3991

export type PaymentsSettings =
  /** No provider: bank transfers are paid by a manager's payment run and its Bacs file, as before. */
  | { route: 'bacs-file' }
  | {
      route: 'faster-payments'
      /** The provider's API: PAYMENTS_URL, or the local stand-in. */
      url: string
      /** PAYMENTS_API_KEY, sent as a bearer token to the real provider only. */
      apiKey: string | undefined
      /** What the provider signs its webhooks with: PAYMENTS_WEBHOOK_SECRET (derived from STAND_IN_KEY for the stand-in). */
      webhookSecret: string
      /** How long one answer may take before it counts as unavailable (the payment is read back or sent again). */
      timeoutMs: number
      /** For the stand-in: STAND_IN_KEY, which it proves each answer with. null for the real provider. */
      standInKey: string | null
    }

/**
 * The payments provider that pays bank transfers by Faster Payments and confirms payees
 * (web/payouts/bank/faster-payments.ts). PAYMENTS_ROUTE=bacs-file is a business with no provider:
 * a manager's payment run pays, and payees are not checked. Otherwise PAYMENTS_URL names the real
 * provider (https, with PAYMENTS_API_KEY and PAYMENTS_WEBHOOK_SECRET); unset, the local stand-in on
 * 127.0.0.1 (PAYMENTS_STANDIN_PORT, default 3991), refused when SITE_URL is not this machine unless
 * ALLOW_STAND_INS names `payments`.
 */
export function paymentsSettings(env: Env = processEnv()): PaymentsSettings {
  const route = setting(env, 'PAYMENTS_ROUTE') ?? 'faster-payments'
  if (route === 'bacs-file') return { route }
  if (route !== 'faster-payments') {
    throw new Error(`PAYMENTS_ROUTE must be faster-payments (a payments provider's API) or bacs-file, not "${route}".`)
  }
  const address = serviceAddress(env, {
    service: 'payments',
    urlSetting: 'PAYMENTS_URL',
    example: 'https://api.provider.example/v1',
  })
  const timeoutMs = Number(setting(env, 'PAYMENTS_TIMEOUT_MS') ?? 10_000)
  if (!Number.isInteger(timeoutMs) || timeoutMs < 100 || timeoutMs > 60_000) {
    throw new Error('PAYMENTS_TIMEOUT_MS must be a whole number of milliseconds from 100 to 60000.')
  }
  const webhookSecret = setting(env, 'PAYMENTS_WEBHOOK_SECRET')
  if (address.kind === 'service') {
    const apiKey = setting(env, 'PAYMENTS_API_KEY')
    if (!apiKey || !webhookSecret) {
      throw new Error(
        'PAYMENTS_URL names a provider: set PAYMENTS_API_KEY and PAYMENTS_WEBHOOK_SECRET from its dashboard too.',
      )
    }
    return { route, url: address.url, apiKey, webhookSecret, timeoutMs, standInKey: null }
  }
  const standInKey = setting(env, 'STAND_IN_KEY')
  if (!standInKey) {
    throw new Error(
      'STAND_IN_KEY must be set to the key the payments stand-in was started with (npm start and npm run stack share one at start).',
    )
  }
  const port = setting(env, 'PAYMENTS_STANDIN_PORT') ?? DEFAULT_PAYMENTS_STANDIN_PORT
  return {
    route,
    url: address.url ?? `http://127.0.0.1:${port}`,
    apiKey: undefined,
    webhookSecret: webhookSecret ?? standInSecret(standInKey, 'payments webhook'),
    timeoutMs,
    standInKey,
  }
}

export type PayoutJobSettings = {
  /** Off (PAYOUT_JOB=off): this instance never sends payments on its own; a manager's run still pays. */
  enabled: boolean
  /**
   * How far the job's clock is moved from the real one, in milliseconds: PAYOUT_CLOCK names the
   * moment the job takes as now when the process starts, for a rehearsal of a cut-off (the
   * end-to-end suite's). Refused unless the site is served to this machine alone.
   */
  clockOffsetMs: number
}

export function payoutJobSettings(env: Env = processEnv(), startedAt = Date.now()): PayoutJobSettings {
  const job = setting(env, 'PAYOUT_JOB') ?? 'on'
  if (job !== 'on' && job !== 'off') throw new Error(`PAYOUT_JOB must be on or off, not "${job}".`)
  const clock = setting(env, 'PAYOUT_CLOCK')
  if (!clock) return { enabled: job === 'on', clockOffsetMs: 0 }
  const moment = Date.parse(clock)
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?(\.\d+)?Z$/.test(clock) || !Number.isFinite(moment)) {
    throw new Error(`PAYOUT_CLOCK must be a moment in UTC such as 2026-12-01T14:05:00Z, not "${clock}".`)
  }
  if (!siteIsLocal(env)) {
    throw new Error(
      "PAYOUT_CLOCK moves the payout job's clock for a rehearsal: it is refused when SITE_URL is not this machine.",
    )
  }
  return { enabled: job === 'on', clockOffsetMs: moment - startedAt }
}

// --- PayPal Payouts -------------------------------------------------------------------------------

/** The local PayPal stand-in's port when PAYPAL_URL is unset (paypal-api/, which `npm start` runs). */
export const DEFAULT_PAYPAL_STANDIN_PORT = 3992

export type PaypalSettings = {
  /** PayPal's REST API: PAYPAL_URL (https://api-m.paypal.com live, https://api-m.sandbox.paypal.com to try), or the stand-in. */
  url: string
  /** The app's credentials, for OAuth's client-credentials token: PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET. */
  clientId: string
  clientSecret: string
  /** The secret the webhooks are signed with: PAYPAL_WEBHOOK_SECRET (see docs/operators.md, PayPal). */
  webhookSecret: string
  timeoutMs: number
  /** For the stand-in: STAND_IN_KEY, which it proves each answer with. null for PayPal itself. */
  standInKey: string | null
}

/**
 * PayPal Payouts, which pays sellers who chose PayPal (web/payouts/paypal). PAYPAL_URL names PayPal
 * (https); unset, the local stand-in on 127.0.0.1 (PAYPAL_STANDIN_PORT, default 3992), which `npm
 * start` starts, refused when SITE_URL is not this machine unless ALLOW_STAND_INS names `paypal`.
 * The stand-in's credentials and webhook secret are derived from STAND_IN_KEY unless set.
 */
export function paypalSettings(env: Env = processEnv()): PaypalSettings {
  const address = serviceAddress(env, {
    service: 'paypal',
    urlSetting: 'PAYPAL_URL',
    example: 'https://api-m.paypal.com',
  })
  const timeoutMs = Number(setting(env, 'PAYPAL_TIMEOUT_MS') ?? 10_000)
  if (!Number.isInteger(timeoutMs) || timeoutMs < 100 || timeoutMs > 60_000) {
    throw new Error('PAYPAL_TIMEOUT_MS must be a whole number of milliseconds from 100 to 60000.')
  }
  const clientId = setting(env, 'PAYPAL_CLIENT_ID')
  const clientSecret = setting(env, 'PAYPAL_CLIENT_SECRET')
  const webhookSecret = setting(env, 'PAYPAL_WEBHOOK_SECRET')
  if (address.kind === 'service') {
    if (!clientId || !clientSecret || !webhookSecret) {
      throw new Error(
        'PAYPAL_URL names PayPal: set PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET and PAYPAL_WEBHOOK_SECRET too.',
      )
    }
    return { url: address.url, clientId, clientSecret, webhookSecret, timeoutMs, standInKey: null }
  }
  const standInKey = setting(env, 'STAND_IN_KEY')
  if (!standInKey) {
    throw new Error(
      'STAND_IN_KEY must be set to the key the PayPal stand-in was started with (npm start shares one at start).',
    )
  }
  const port = setting(env, 'PAYPAL_STANDIN_PORT') ?? DEFAULT_PAYPAL_STANDIN_PORT
  return {
    url: address.url ?? `http://127.0.0.1:${port}`,
    clientId: clientId ?? STAND_IN_CLIENT_ID,
    clientSecret: clientSecret ?? standInSecret(standInKey, 'paypal client-secret'),
    webhookSecret: webhookSecret ?? standInSecret(standInKey, 'paypal webhook-secret'),
    timeoutMs,
    standInKey,
  }
}

// --- The carrier (tracked returns labels and tracking) -------------------------------------------

/** The local stand-in's port when CARRIER_URL is unset (carrier-api/, which `npm start` runs). */
export const DEFAULT_CARRIER_STANDIN_PORT = 3993

export type CarrierSettings = {
  /** Where the carrier's API is: CARRIER_URL, or the local stand-in. */
  url: string
  /** The key the carrier gave this business: CARRIER_API_KEY, sent as a bearer token to the real one only. */
  key: string | undefined
  /** How long one answer may take before the label or the tracking read is tried again later. */
  timeoutMs: number
  /** For the stand-in: STAND_IN_KEY, which it proves each answer with. null for the real carrier. */
  standInKey: string | null
}

/**
 * The carrier whose tracked returns labels the sellers post with (web/carrier). CARRIER_URL names
 * the real one, at an https address, with CARRIER_API_KEY; unset, the local stand-in on 127.0.0.1
 * (CARRIER_STANDIN_PORT, default 3993), refused when SITE_URL is not this machine unless
 * ALLOW_STAND_INS names `carrier`.
 */
export function carrierSettings(env: Env = processEnv()): CarrierSettings {
  const address = serviceAddress(env, {
    service: 'carrier',
    urlSetting: 'CARRIER_URL',
    example: 'https://api.carrier.example.com',
  })
  const timeout = Number(setting(env, 'CARRIER_TIMEOUT_MS') ?? 10_000)
  if (!Number.isInteger(timeout) || timeout < 100 || timeout > 60_000) {
    throw new Error('CARRIER_TIMEOUT_MS must be a whole number of milliseconds from 100 to 60000.')
  }
  if (address.kind === 'service') {
    const key = setting(env, 'CARRIER_API_KEY')
    if (!key) throw new Error('CARRIER_URL names the carrier: set CARRIER_API_KEY too.')
    return { url: address.url, key, timeoutMs: timeout, standInKey: null }
  }
  const standInKey = setting(env, 'STAND_IN_KEY')
  if (!standInKey) {
    throw new Error(
      'STAND_IN_KEY must be set to the key the carrier stand-in was started with (npm start shares one at start).',
    )
  }
  const port = setting(env, 'CARRIER_STANDIN_PORT') ?? DEFAULT_CARRIER_STANDIN_PORT
  return { url: address.url ?? `http://127.0.0.1:${port}`, key: undefined, timeoutMs: timeout, standInKey }
}

/**
 * How long the tracking job leaves one parcel before asking the carrier for its scans again:
 * CARRIER_FOLLOW_SECONDS (default 900, a quarter of an hour, over many parcels; 0 asks at each
 * minute's run, as the e2e server does, so a scan made in a test is read within the minute).
 */
export function parcelFollowMs(env: Env = processEnv()): number {
  const seconds = Number(setting(env, 'CARRIER_FOLLOW_SECONDS') ?? 900)
  if (!Number.isInteger(seconds) || seconds < 0 || seconds > 86_400) {
    throw new Error('CARRIER_FOLLOW_SECONDS must be a whole number of seconds from 0 to 86400.')
  }
  return seconds * 1000
}

/**
 * How often the server's jobs run: JOBS_EVERY_SECONDS (default 60; from 1 to 3600). The jobs keep
 * their own clocks (a hold's deadline, a parcel's days without a scan), so this only says how soon
 * after its moment each thing is done. The e2e servers run them every few seconds, so a test waits
 * seconds, not a minute, for a job's work.
 */
export function jobsEveryMs(env: Env = processEnv()): number {
  const seconds = Number(setting(env, 'JOBS_EVERY_SECONDS') ?? 60)
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > 3600) {
    throw new Error('JOBS_EVERY_SECONDS must be a whole number of seconds from 1 to 3600.')
  }
  return seconds * 1000
}

// --- Text messages (a text to the seller when a parcel goes astray) -----------------------------

/** The local stand-in's port when SMS_URL is unset (sms-api/, which `npm start` runs). */
export const DEFAULT_SMS_STANDIN_PORT = 3994

export type SmsSettings = {
  /** Where the provider's API is: SMS_URL, or the local stand-in. */
  url: string
  /** The provider's account and secret, "account:secret" (HTTP Basic): SMS_API_KEY, for the real one only. */
  key: string | undefined
  /** Who the text is from: SMS_FROM, a number of ours or an alphanumeric sender ("Handback") the provider registered. */
  from: string
  /** How long one answer may take: past it, the text may have gone and is not sent again. */
  timeoutMs: number
  /** For the stand-in: STAND_IN_KEY, which it proves each answer with. null for the real provider. */
  standInKey: string | null
}

/**
 * The text-message provider (web/sms), in Twilio's shape. SMS_URL names the real one, at an https
 * address, with SMS_API_KEY ("account:secret") and SMS_FROM; unset, the local stand-in on 127.0.0.1
 * (SMS_STANDIN_PORT, default 3994), refused when SITE_URL is not this machine unless
 * ALLOW_STAND_INS names `sms`.
 */
export function smsSettings(env: Env = processEnv()): SmsSettings {
  const address = serviceAddress(env, {
    service: 'sms',
    urlSetting: 'SMS_URL',
    example: 'https://api.twilio.com',
  })
  const timeoutMs = 10_000
  if (address.kind === 'service') {
    const key = setting(env, 'SMS_API_KEY')
    const from = setting(env, 'SMS_FROM')
    if (!key || !/^[^:]+:.+$/.test(key) || !from)
      throw new Error(
        'SMS_URL names the text-message provider: set SMS_API_KEY ("account:secret") and SMS_FROM (the sender) too.',
      )
    return { url: address.url, key, from, timeoutMs, standInKey: null }
  }
  const standInKey = setting(env, 'STAND_IN_KEY')
  if (!standInKey) {
    throw new Error(
      'STAND_IN_KEY must be set to the key the text-message stand-in was started with (npm start shares one at start).',
    )
  }
  const port = setting(env, 'SMS_STANDIN_PORT') ?? DEFAULT_SMS_STANDIN_PORT
  return {
    url: address.url ?? `http://127.0.0.1:${port}`,
    key: undefined,
    from: 'StandIn',
    timeoutMs,
    standInKey,
  }
}

// --- The runtime ---------------------------------------------------------------------------------

export function isProduction(env: Env = processEnv()): boolean {
  return env.NODE_ENV === 'production'
}

// --- Content -------------------------------------------------------------------------------------

/**
 * Which content source the site reads. With NEXT_PUBLIC_SANITY_PROJECT_ID set it reads that Sanity
 * project; without it, the seed dataset in studio/seed (or SEED_DATASET_PATH).
 */
export type SanitySource = {
  kind: 'sanity'
  projectId: string
  dataset: string
  apiVersion: string
  /** Only for tests and self-hosted proxies: an API host other than Sanity's. */
  apiHost?: string
}
export type LocalSource = { kind: 'local'; datasetPath?: string }
export type ContentSource = SanitySource | LocalSource

const PROJECT_ID = /^[a-z0-9-]+$/
const DEFAULT_API_VERSION = '2025-09-01'

export function readContentSource(env: Env = processEnv()): ContentSource {
  const projectId = setting(env, 'NEXT_PUBLIC_SANITY_PROJECT_ID')
  if (!projectId) return { kind: 'local', datasetPath: setting(env, 'SEED_DATASET_PATH') }
  if (!PROJECT_ID.test(projectId)) {
    throw new Error(
      `NEXT_PUBLIC_SANITY_PROJECT_ID "${projectId}" is not a Sanity project id (lower-case letters, digits and hyphens).`,
    )
  }
  const dataset = setting(env, 'NEXT_PUBLIC_SANITY_DATASET')
  if (!dataset) {
    throw new Error('NEXT_PUBLIC_SANITY_PROJECT_ID is set but NEXT_PUBLIC_SANITY_DATASET is not: name the dataset too.')
  }
  return {
    kind: 'sanity',
    projectId,
    dataset,
    apiVersion: setting(env, 'NEXT_PUBLIC_SANITY_API_VERSION') ?? DEFAULT_API_VERSION,
    apiHost: setting(env, 'SANITY_API_HOST'),
  }
}

/** What draft preview needs beyond the public source: a read token and the Studio's address. */
export type PreviewConfig = { token: string; studioUrl: string }

export function readPreviewConfig(env: Env = processEnv()): PreviewConfig | null {
  const token = setting(env, 'SANITY_API_READ_TOKEN')
  if (!token) return null
  return { token, studioUrl: setting(env, 'NEXT_PUBLIC_SANITY_STUDIO_URL') ?? 'http://localhost:3333' }
}
