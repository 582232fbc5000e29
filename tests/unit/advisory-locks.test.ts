import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { ADVISORY_LOCKS, RATE_LIMIT_CLASS } from '@/db/advisory-locks'

/**
 * Two jobs with one lock number would skip each other's turns for good, silently; a job sharing the
 * migrations' number would wait behind a deploy. Every number is taken from one registry.
 */
const root = path.resolve(__dirname, '../..')

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (name === 'node_modules' || name.startsWith('.')) return []
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) return sourceFiles(full)
    return /\.(ts|tsx|mjs)$/.test(name) ? [full] : []
  })
}

describe('advisory locks', () => {
  it('each have a number of their own', () => {
    const numbers = Object.values(ADVISORY_LOCKS)
    expect(numbers.length).toBeGreaterThanOrEqual(9)
    expect(new Set(numbers).size).toBe(numbers.length)
    for (const number of [...numbers, RATE_LIMIT_CLASS]) expect(Number.isSafeInteger(number)).toBe(true)
    // The rate limits' class is an int (a two-key lock): PostgreSQL keeps that key space apart.
    expect(RATE_LIMIT_CLASS).toBeLessThan(2 ** 31)
  })

  it('are numbered in the registry only: no job or lock call in the code has a number of its own', () => {
    const registry = path.join(root, 'web/db/advisory-locks.ts')
    const found = ['web', 'scripts']
      .flatMap((dir) => sourceFiles(path.join(root, dir)))
      .filter((file) => file !== registry)
      .flatMap((file) =>
        [
          ...readFileSync(file, 'utf8').matchAll(
            /\block:\s*\d|pg_(?:try_)?advisory_(?:xact_)?lock\(\s*\d|\b735_?12\d/g,
          ),
        ].map((match) => `${path.relative(root, file)}: ${match[0]}`),
      )
    expect(found).toEqual([])
  })

  it('finds a number written outside the registry', () => {
    const text = "export const job = { name: 'x', lock: 735_120_099, run }"
    expect(text.match(/\block:\s*\d|\b735_?12\d/g)).not.toBeNull()
  })
})
