// The local stand-ins that `npm start` (scripts/server.mjs) and `npm run stack` (scripts/stack.mjs)
// start for the services the business buys, the stolen-device register (register-api/) and the
// carrier (carrier-api/) and the text-message provider (sms-api/): which service the settings name, refused where a stand-in would be unsafe
// (web/config/stand-in-guard.ts), and a stand-in's command line.
import path from 'node:path'
import { serviceAddress } from '../web/config/stand-in-guard.ts'

const root = path.join(import.meta.dirname, '..')

/**
 * The service its URL setting names, or the stand-in's place; exits 2, saying why, when a stand-in
 * is refused here (SITE_URL is not this machine) or the real service's address is not https.
 */
function serviceOrExit(env, service, { docs, ...setting }) {
  try {
    return serviceAddress(env, { service, ...setting })
  } catch (error) {
    console.error(`${error.message} (see docs/operators.md, "${docs}")`)
    process.exit(2)
  }
}

/** The register REGISTER_URL names, or its stand-in's place. */
export function registerOrExit(env = process.env) {
  // The stand-in passes nearly every device: a site reached from elsewhere would pay for stolen phones.
  return serviceOrExit(env, 'register', {
    urlSetting: 'REGISTER_URL',
    example: 'https://register.example.com/api',
    docs: 'The stolen-device register',
  })
}

/** The carrier CARRIER_URL names, or its stand-in's place. */
export function carrierOrExit(env = process.env) {
  // A stand-in's labels are not postable: a site reached from elsewhere would send sellers labels no carrier knows.
  return serviceOrExit(env, 'carrier', {
    urlSetting: 'CARRIER_URL',
    example: 'https://api.carrier.example.com',
    docs: 'The carrier',
  })
}

/** The text-message provider SMS_URL names, or its stand-in's place. */
export function smsOrExit(env = process.env) {
  // A stand-in sends no text: a site reached from elsewhere would tell sellers of a lost parcel by e-mail alone.
  return serviceOrExit(env, 'sms', {
    urlSetting: 'SMS_URL',
    example: 'https://api.notifications.service.gov.uk',
    docs: 'Text messages',
  })
}

/**
 * `spawn`'s command, arguments and options for the stand-in in `folder` ("register-api",
 * "carrier-api", "sms-api") on `port`, run from the project's root; with `exitWithStdin` it ends when its
 * parent does (its stdin is the parent's pipe).
 */
export function standInCommand(folder, port, { exitWithStdin = false, ...options } = {}) {
  const args = ['--import', 'tsx', path.join(folder, 'main.ts'), '--port', String(port)]
  if (exitWithStdin) args.push('--exit-with-stdin')
  return [process.execPath, args, { cwd: root, ...options }]
}
