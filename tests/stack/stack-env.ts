import { readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

/**
 * The stack suite's own stack (`npm run stack`): nginx on STACK_PORT, its two instances on the two
 * ports after it, PostgreSQL and Redis on the two after those, all under STACK_DIR.
 */
export const STACK_PORT = Number(process.env.STACK_E2E_PORT ?? 8190)
export const STACK_DIR = path.join(tmpdir(), `handback-stack-${STACK_PORT}`)
export const STACK_SEED_DIR = path.join(STACK_DIR, 'seed')
export const STACK_SEED_PATH = path.join(STACK_SEED_DIR, 'data.ndjson')
export const STACK_OUTBOX = path.join(STACK_DIR, 'outbox')

export const FRONT = `http://127.0.0.1:${STACK_PORT}`
export const INSTANCE_A = `http://127.0.0.1:${STACK_PORT + 1}`
export const INSTANCE_B = `http://127.0.0.1:${STACK_PORT + 2}`
export const REDIS_PORT = STACK_PORT + 4
/** The stack's own PostgreSQL, where the tests count what was written. */
export const DATABASE = `postgres://postgres@127.0.0.1:${STACK_PORT + 3}/postgres`

/** The password `npm run stack` gave its Redis (generated once into its keys file). */
export function stackRedisPassword(): string {
  const line = readFileSync(path.join(STACK_DIR, 'keys.env'), 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('REDIS_PASSWORD='))
  if (!line) throw new Error(`No REDIS_PASSWORD in ${STACK_DIR}/keys.env`)
  return line.slice('REDIS_PASSWORD='.length)
}

/** redis-cli's environment for the stack's Redis: the password where `ps` does not show it. */
export const redisCliEnv = () => ({ ...process.env, REDISCLI_AUTH: stackRedisPassword() })

/** The processes `npm run stack` started, by name (nginx, instance-a, instance-b, redis, postgres). */
export function stackProcesses(): Record<string, number> {
  return JSON.parse(readFileSync(path.join(STACK_DIR, 'stack.json'), 'utf8')).pids
}
