import { parseArgs } from 'node:util'
import { createPaypalServer } from './server'
import { STAND_IN_CLIENT_ID, standInSecret } from '../web/config/stand-in-guard'

/**
 * The local stand-in for PayPal Payouts (see server.ts), on 127.0.0.1 and nowhere else. `npm start`
 * and `npm run stack` start it when PAYPAL_URL is unset, with the key they share with the site in
 * STAND_IN_KEY (the app's secret and the webhook secret are derived from it unless
 * PAYPAL_CLIENT_SECRET and PAYPAL_WEBHOOK_SECRET are set), and `--webhook` the site's own address
 * for PayPal's webhooks, as a real account is configured with one. `npm run paypal-api` runs it alone.
 * It exits when its parent does (its stdin closes), so a killed server leaves none behind.
 */
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.PAYPAL_STANDIN_PORT ?? '3992' },
    webhook: { type: 'string' },
    'exit-with-stdin': { type: 'boolean', default: false },
  },
})

const key = process.env.STAND_IN_KEY?.trim()
if (!key) {
  console.error('PayPal stand-in: set STAND_IN_KEY, the key it shares with the site (npm start makes one).')
  process.exit(2)
}
const server = createPaypalServer({
  key,
  clientId: process.env.PAYPAL_CLIENT_ID?.trim() || STAND_IN_CLIENT_ID,
  clientSecret: process.env.PAYPAL_CLIENT_SECRET?.trim() || standInSecret(key, 'paypal client-secret'),
  webhookSecret: process.env.PAYPAL_WEBHOOK_SECRET?.trim() || standInSecret(key, 'paypal webhook-secret'),
  webhookUrl: values.webhook,
})
server.on('error', (error: NodeJS.ErrnoException) => {
  console.error(`PayPal stand-in: ${error.code === 'EADDRINUSE' ? `port ${values.port} is in use` : error.code}`)
  process.exit(error.code === 'EADDRINUSE' ? 3 : 1)
})
server.listen(Number(values.port), '127.0.0.1', () => {
  console.log(`PayPal stand-in on http://127.0.0.1:${values.port}, webhooks to ${values.webhook ?? '(none yet)'}`)
})
if (values['exit-with-stdin']) {
  process.stdin.on('end', () => process.exit(0))
  process.stdin.resume()
}
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => process.exit(0))
