// The keys both instances of the stack share: from the environment, or generated once into
// STACK_DIR/keys.env (mode 0600), so that a restart opens what the last run sealed.
import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/** BETTER_AUTH_SECRET, PAYOUT_ENCRYPTION_KEY, STAND_IN_KEY and the stack's own REDIS_PASSWORD. */
export function sharedKeys(dir) {
  const file = path.join(dir, 'keys.env')
  const saved = existsSync(file)
    ? Object.fromEntries(
        readFileSync(file, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => line.split(/=(.*)/s).slice(0, 2)),
      )
    : {}
  const keys = {
    BETTER_AUTH_SECRET:
      process.env.BETTER_AUTH_SECRET || saved.BETTER_AUTH_SECRET || randomBytes(32).toString('base64'),
    PAYOUT_ENCRYPTION_KEY:
      process.env.PAYOUT_ENCRYPTION_KEY || saved.PAYOUT_ENCRYPTION_KEY || randomBytes(32).toString('base64url'),
    // The key the register stand-in proves its answers with, and its switch takes.
    STAND_IN_KEY: process.env.STAND_IN_KEY || saved.STAND_IN_KEY || randomBytes(24).toString('hex'),
    // Hex: it goes into REDIS_URL as it is, with nothing to escape.
    REDIS_PASSWORD: saved.REDIS_PASSWORD || randomBytes(24).toString('hex'),
  }
  writeFileSync(
    file,
    Object.entries(keys)
      .map(([name, value]) => `${name}=${value}`)
      .join('\n') + '\n',
    { mode: 0o600 },
  )
  return keys
}
