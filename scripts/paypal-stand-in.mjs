// PayPal's local stand-in (paypal-api/), as `npm start` (scripts/server.mjs) and `npm run stack`
// (scripts/stack.mjs) start it: which PayPal the settings name, refused where a stand-in would be
// unsafe (web/config/stand-in-guard.ts), and the stand-in's command line with the site's webhook address.
import path from 'node:path'
import { serviceAddress } from '../web/config/stand-in-guard.ts'

const root = path.join(import.meta.dirname, '..')

/** Where PayPal's webhooks reach a site at `origin`: the route the payout job's webhook answers at. */
export const paypalWebhookUrl = (origin) => `${origin}/api/payouts/paypal/webhook`

/**
 * The PayPal PAYPAL_URL names, or the stand-in's place; exits 2, saying why, when a stand-in is
 * refused here (SITE_URL is not this machine) or PayPal's address is not https.
 */
export function paypalOrExit(env = process.env) {
  try {
    return serviceAddress(env, { service: 'paypal', urlSetting: 'PAYPAL_URL', example: 'https://api-m.paypal.com' })
  } catch (error) {
    // The stand-in "pays" without paying: a site reached from elsewhere would tell sellers they were paid.
    console.error(`${error.message} (see docs/operators.md, "PayPal")`)
    process.exit(2)
  }
}

/**
 * `spawn`'s command, arguments and options for the stand-in on `port`, sending its webhooks to
 * `webhookUrl`; with `exitWithStdin` it ends when its parent does (its stdin is the parent's pipe).
 */
export function paypalStandInCommand(port, webhookUrl, { exitWithStdin = false, ...options } = {}) {
  const args = ['--import', 'tsx', path.join('paypal-api', 'main.ts'), '--port', String(port), '--webhook', webhookUrl]
  if (exitWithStdin) args.push('--exit-with-stdin')
  return [process.execPath, args, { cwd: root, ...options }]
}
