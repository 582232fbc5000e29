import { readOrCreateSecretFile } from '@/config/secrets'

/**
 * One of several processes racing for the same secret files: waits for the agreed start time,
 * then reads or creates each of `count` files in `folder` and prints what it got, as JSON.
 * Run with tsx --conditions=react-server (see tests/unit/auth-secret.test.ts).
 */
const [folder = '', count = '0', startAt = '0'] = process.argv.slice(2)
while (Date.now() < Number(startAt)) {
  // Spin, so that every process starts within the same millisecond.
}
const results: string[] = []
for (let i = 0; i < Number(count); i++) {
  try {
    results.push(readOrCreateSecretFile(`${folder}/secret-${i}`))
  } catch (error) {
    results.push(`error: ${(error as Error).message}`)
  }
}
process.stdout.write(JSON.stringify(results))
