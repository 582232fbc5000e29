// The payments provider's local stand-in (payments-api/), as `npm start` (scripts/server.mjs) and
// `npm run stack` (scripts/stack.mjs) both start it: whether a provider is used at all
// (PAYMENTS_ROUTE), which one the settings name, refused where a stand-in would be unsafe
// (web/config/stand-in-guard.ts), and the stand-in's command line with the site's webhook address.
import path from 'node:path'
import { serviceAddress } from '../web/config/stand-in-guard.ts'

const root = path.join(import.meta.dirname, '..')

/** Where the provider sends its webhooks on a site at `origin` (the payout job's route). */
export const webhookUrlFor = (origin) => `${origin.replace(/\/$/, '')}/api/payouts/faster-payments/webhook`

/**
 * The provider PAYMENTS_URL names, the stand-in's place, or none (PAYMENTS_ROUTE=bacs-file); exits
 * 2, saying why, when a stand-in is refused here or the real provider's address is not https.
 */
export function paymentsOrExit(env = process.env) {
  if (env.PAYMENTS_ROUTE?.trim() === 'bacs-file') return { kind: 'none' }
  try {
    return serviceAddress(env, {
      service: 'payments',
      urlSetting: 'PAYMENTS_URL',
      example: 'https://api.provider.example/v1',
    })
  } catch (error) {
    // The stand-in pays nobody and confirms every payee: a public site would tell sellers they were paid.
    console.error(`${error.message} (see docs/operators.md, "The payments provider")`)
    process.exit(2)
  }
}

/**
 * `spawn`'s command, arguments and options for the stand-in on `port`, sending webhooks to
 * `webhookUrl`, run from the project's root; with `exitWithStdin` it ends when its parent does.
 */
export function paymentsStandInCommand(port, { webhookUrl, exitWithStdin = false, ...options }) {
  const args = ['--import', 'tsx', path.join('payments-api', 'main.ts'), '--port', String(port)]
  args.push('--webhook-url', webhookUrl)
  if (exitWithStdin) args.push('--exit-with-stdin')
  return [process.execPath, args, { cwd: root, ...options }]
}
