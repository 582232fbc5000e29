// The stolen-device register's local stand-in (register-api/), as `npm start` (scripts/server.mjs)
// and `npm run stack` (scripts/stack.mjs) both start it: which register the settings name, refused
// where a stand-in would be unsafe (web/config/stand-in-guard.ts), and the stand-in's command line.
import path from 'node:path'
import { serviceAddress } from '../web/config/stand-in-guard.ts'

const root = path.join(import.meta.dirname, '..')

/**
 * The register REGISTER_URL names, or the stand-in's place; exits 2, saying why, when a stand-in is
 * refused here (SITE_URL is not this machine) or the real register's address is not https.
 */
export function registerOrExit(env = process.env) {
  try {
    return serviceAddress(env, {
      service: 'register',
      urlSetting: 'REGISTER_URL',
      example: 'https://register.example.com/api',
    })
  } catch (error) {
    // The stand-in passes nearly every device: a site reached from elsewhere would pay for stolen phones.
    console.error(`${error.message} (see docs/operators.md, "The stolen-device register")`)
    process.exit(2)
  }
}

/**
 * `spawn`'s command, arguments and options for the stand-in on `port`, run from the project's root;
 * with `exitWithStdin` it ends when its parent does (its stdin is the parent's pipe).
 */
export function standInCommand(port, { exitWithStdin = false, ...options } = {}) {
  const args = ['--import', 'tsx', path.join('register-api', 'main.ts'), '--port', String(port)]
  if (exitWithStdin) args.push('--exit-with-stdin')
  return [process.execPath, args, { cwd: root, ...options }]
}
