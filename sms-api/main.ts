import { randomBytes } from 'node:crypto'
import { parseArgs } from 'node:util'
import { createSmsServer } from './server'

/**
 * The local stand-in for the text-message provider (see server.ts), on 127.0.0.1 and nowhere else.
 * `npm start` and `npm run stack` start it when SMS_URL is unset, with the key they share with the
 * site in STAND_IN_KEY; `npm run sms-api` runs it alone (with a key of its own when STAND_IN_KEY
 * is unset, printed once). It exits when its parent does (its stdin closes).
 */
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.SMS_STANDIN_PORT ?? '3994' },
    'exit-with-stdin': { type: 'boolean', default: false },
  },
})

const given = process.env.STAND_IN_KEY?.trim()
const key = given || randomBytes(24).toString('hex')
if (!given) console.log(`Text-message stand-in key (STAND_IN_KEY for the site): ${key}`)
const server = createSmsServer({ key })
server.on('error', (error: NodeJS.ErrnoException) => {
  console.error(`Text-message stand-in: ${error.code === 'EADDRINUSE' ? `port ${values.port} is in use` : error.code}`)
  process.exit(error.code === 'EADDRINUSE' ? 3 : 1)
})
server.listen(Number(values.port), '127.0.0.1', () => {
  console.log(`Text-message stand-in on http://127.0.0.1:${values.port}`)
})
if (values['exit-with-stdin']) {
  process.stdin.on('end', () => process.exit(0))
  process.stdin.resume()
}
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => process.exit(0))
