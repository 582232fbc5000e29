// The guard every stand-in passes: a local program that answers as an outside service would (the
// stolen-device register, the payments provider, PayPal, the carrier, the text-message provider).
// A stand-in passes nearly everything, so it must never serve a site that the public reaches:
//   - it is refused whenever the site's address (SITE_URL) is not this machine, unless the
//     operator names it in ALLOW_STAND_INS (a comma-separated list, such as `register`);
//   - a real service's address must be https; plain http is taken only on this machine, and then
//     it is a stand-in, held to the rule above;
//   - the stand-in listens on loopback only, its switches take the key shared at start
//     (STAND_IN_KEY), and it proves every answer with that key, so the site can tell its own
//     stand-in from whatever else happens to listen on that port. The key is never sent to it.
// The environment is passed in: `npm start` and `npm run stack` (Node runs this file as it is: only
// type annotations, nothing else to compile) and web/config (the only reader of the site's
// environment) all use it.
import { createHmac, timingSafeEqual } from 'node:crypto'

type Env = Readonly<Record<string, string | undefined>>

/** The header the site sends a fresh random challenge in, and the one the stand-in answers it in. */
export const CHALLENGE_HEADER = 'x-stand-in-challenge'
export const PROOF_HEADER = 'x-stand-in-proof'

/** Whether a host name is this machine: localhost, 127.0.0.0/8 or ::1. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '')
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host)
}

/** Whether the site is served to this machine alone: no SITE_URL (it then listens on 127.0.0.1), or a loopback one. */
export function siteIsLocal(env: Env): boolean {
  const site = env.SITE_URL?.trim()
  if (!site) return true
  try {
    return isLoopbackHost(new URL(site).hostname)
  } catch {
    return false
  }
}

/** Whether ALLOW_STAND_INS names this stand-in (`register`, …). */
export function standInAllowed(env: Env, service: string): boolean {
  const named = (env.ALLOW_STAND_INS ?? '').split(',').map((name) => name.trim().toLowerCase())
  return named.includes(service)
}

/**
 * Where an outside service is, from the setting `urlSetting`: the real one (`service`, an https
 * address), or a stand-in on this machine (`stand-in`, with its address when one is named).
 * Throws, saying what to set, when the address cannot be right or a stand-in is not allowed here.
 */
export function serviceAddress(
  env: Env,
  { service, urlSetting, example }: { service: string; urlSetting: string; example: string },
): { kind: 'service'; url: string } | { kind: 'stand-in'; url: string | undefined } {
  const configured = env[urlSetting]?.trim()
  let url: URL | undefined
  if (configured) {
    try {
      url = new URL(configured)
    } catch {
      throw new Error(`${urlSetting} "${configured}" is not an address such as ${example}.`)
    }
    if (url.protocol === 'https:') return { kind: 'service', url: url.href.replace(/\/$/, '') }
    if (url.protocol !== 'http:' || !isLoopbackHost(url.hostname)) {
      throw new Error(
        `${urlSetting} must be an https:// address, such as ${example}: plain http is taken only for a stand-in on this machine.`,
      )
    }
  }
  if (!siteIsLocal(env) && !standInAllowed(env, service)) {
    throw new Error(
      `${urlSetting} must be set to the real service when SITE_URL is not this machine: a stand-in passes nearly everything. ALLOW_STAND_INS=${service} allows the stand-in on purpose (a staging site).`,
    )
  }
  return { kind: 'stand-in', url: url?.href.replace(/\/$/, '') }
}

/** The proof of an answer: HMAC-SHA256, with the shared key, of the site's challenge and the body. */
export function standInProof(key: string, challenge: string, body: string): string {
  return createHmac('sha256', key).update(`${challenge}\n${body}`).digest('hex')
}

/** Whether an answer carries the proof that only the holder of `key` could make. */
export function provedByStandIn(
  key: string | undefined,
  challenge: string,
  body: string,
  proof: string | null | undefined,
): boolean {
  if (!key || typeof proof !== 'string') return false
  const expected = Buffer.from(standInProof(key, challenge, body))
  const given = Buffer.from(proof)
  return given.length === expected.length && timingSafeEqual(given, expected)
}

/** Whether a request to a stand-in's switch carries its key (`Authorization: Bearer KEY`). */
export function hasStandInKey(authorization: string | undefined, key: string | undefined): boolean {
  if (!key || typeof authorization !== 'string') return false
  const expected = Buffer.from(`Bearer ${key}`)
  const given = Buffer.from(authorization)
  return given.length === expected.length && timingSafeEqual(given, expected)
}

/**
 * A secret of a stand-in's own, derived from the key shared at start (the payments stand-in signs
 * its webhooks with one): HMAC-SHA256 of its purpose, so nothing more has to be handed to both sides.
 */
export function standInSecret(key: string, purpose: string): string {
  return createHmac('sha256', key).update(`stand-in secret: ${purpose}`).digest('hex')
}

/** The app id a stand-in's OAuth takes when none is configured. */
export const STAND_IN_CLIENT_ID = 'handback-stand-in'
