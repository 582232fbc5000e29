import { randomBytes } from 'node:crypto'
import { parseArgs } from 'node:util'
import { standInSecret } from '../web/config/stand-in-guard'
import { createPaymentsServer } from './server'

/**
 * The local stand-in for the payments provider (see server.ts), on 127.0.0.1 and nowhere else.
 * `npm start` and `npm run stack` start it when PAYMENTS_URL is unset, with the key they share with
 * the site in STAND_IN_KEY and the site's webhook address in --webhook-url (as a real provider's
 * account is configured with one); `npm run payments-api` runs it alone. Webhooks are signed with
 * PAYMENTS_WEBHOOK_SECRET, or when unset with a secret derived from STAND_IN_KEY, which the site
 * derives alike. It exits when its parent does (its stdin closes).
 */
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.PAYMENTS_STANDIN_PORT ?? '3991' },
    'webhook-url': { type: 'string' },
    'exit-with-stdin': { type: 'boolean', default: false },
  },
})

const given = process.env.STAND_IN_KEY?.trim()
const key = given || randomBytes(24).toString('hex')
if (!given) console.log(`Payments stand-in key (STAND_IN_KEY for the site and the switch): ${key}`)
const webhookSecret = process.env.PAYMENTS_WEBHOOK_SECRET?.trim() || standInSecret(key, 'payments webhook')
const server = createPaymentsServer({ key, webhookSecret, webhookUrl: values['webhook-url'] })
server.on('error', (error: NodeJS.ErrnoException) => {
  console.error(`Payments stand-in: ${error.code === 'EADDRINUSE' ? `port ${values.port} is in use` : error.code}`)
  process.exit(error.code === 'EADDRINUSE' ? 3 : 1)
})
server.listen(Number(values.port), '127.0.0.1', () => {
  const webhooks = values['webhook-url'] ? `webhooks to ${values['webhook-url']}` : 'no webhooks (no --webhook-url)'
  console.log(`Payments stand-in on http://127.0.0.1:${values.port}, ${webhooks}`)
})
if (values['exit-with-stdin']) {
  process.stdin.on('end', () => process.exit(0))
  process.stdin.resume()
}
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => process.exit(0))
