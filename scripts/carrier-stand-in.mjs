// The carrier's local stand-in (carrier-api/), as `npm start` (scripts/server.mjs) and `npm run
// stack` (scripts/stack.mjs) will start it: which carrier the settings name, refused where a
// stand-in would be unsafe (web/config/stand-in-guard.ts), and the stand-in's command line.
import path from 'node:path'
import { serviceAddress } from '../web/config/stand-in-guard.ts'

const root = path.join(import.meta.dirname, '..')

/**
 * The carrier CARRIER_URL names, or the stand-in's place; exits 2, saying why, when a stand-in is
 * refused here (SITE_URL is not this machine) or the real carrier's address is not https.
 */
export function carrierOrExit(env = process.env) {
  try {
    return serviceAddress(env, {
      service: 'carrier',
      urlSetting: 'CARRIER_URL',
      example: 'https://api.carrier.example.com',
    })
  } catch (error) {
    // A stand-in's labels are not postable: a site reached from elsewhere would send sellers
    // labels no carrier knows.
    console.error(`${error.message} (see docs/operators.md, "The carrier")`)
    process.exit(2)
  }
}

/**
 * `spawn`'s command, arguments and options for the stand-in on `port`, run from the project's root;
 * with `exitWithStdin` it ends when its parent does (its stdin is the parent's pipe).
 */
export function carrierStandInCommand(port, { exitWithStdin = false, ...options } = {}) {
  const args = ['--import', 'tsx', path.join('carrier-api', 'main.ts'), '--port', String(port)]
  if (exitWithStdin) args.push('--exit-with-stdin')
  return [process.execPath, args, { cwd: root, ...options }]
}
