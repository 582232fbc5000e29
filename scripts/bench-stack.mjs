// The bench's stack run (npm run bench, or npm run bench -- --stack for it alone): requests per
// second through nginx for /, a model page and GET /api/basket (with a basket), to one instance,
// to two, and to two with nginx's micro-cache on, each round beside the empty-page floor served
// directly in the same run. `npm run stack` starts each arrangement, on a folder of the bench's own.
import { spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

const STACK_PORT = 3930
const PATHS = ['/', '/sell-my-phone/iphone-13', '/api/basket']
const ARRANGEMENTS = [
  { name: 'nginx → 1 instance', env: { STACK_INSTANCES: '1' } },
  { name: 'nginx → 2 instances', env: {} },
  { name: 'nginx → 2 instances, micro-cache', env: { STACK_MICROCACHE: '1' } },
]

/**
 * `wrk(url, pid, headers)` runs one load test; `basketCookie(origin)` fills a basket and gives its
 * cookie; `floorUrl` is the floor's page. Prints the table and gives back its rows.
 */
export async function benchStack({ wrk, basketCookie, floorUrl, waitFor }) {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-stack-'))
  const front = `http://127.0.0.1:${STACK_PORT}`
  const results = []
  for (const arrangement of ARRANGEMENTS) {
    const stack = spawn('node', [path.join(import.meta.dirname, 'stack.mjs')], {
      env: { ...process.env, ...arrangement.env, STACK_PORT: String(STACK_PORT), STACK_DIR: dir },
      stdio: ['ignore', 'ignore', 'inherit'],
    })
    const exited = new Promise((resolve) => stack.once('exit', resolve))
    try {
      await Promise.race([
        waitFor(`${front}/api/health/ready`, 180_000),
        exited.then((code) => {
          throw new Error(`npm run stack stopped while starting (exit ${code}); logs in ${dir}/logs`)
        }),
      ])
      const cookie = await basketCookie(front)
      const row = { name: arrangement.name, paths: {} }
      for (const page of PATHS) {
        const headers = page === '/api/basket' ? { Cookie: cookie } : {}
        wrk(`${front}${page}`, null, headers) // warm-up: the first renders, the cache filled
        const site = wrk(`${front}${page}`, null, headers)
        const floor = wrk(floorUrl, null)
        row.paths[page] = { rps: site.rps, floor: floor.rps }
      }
      results.push(row)
      console.error(`Stack run: ${arrangement.name} measured`)
    } finally {
      stack.kill('SIGTERM')
      await exited
    }
  }

  console.log(
    '\nThrough nginx (`npm run stack`), req/s with wrk; each beside the floor served directly in the same round:',
  )
  console.log(
    `| arrangement | ${PATHS.map((page) => `${page}${page === '/api/basket' ? ' (1 device)' : ''}`).join(' | ')} |`,
  )
  console.log(`| --- | ${PATHS.map(() => '---').join(' | ')} |`)
  for (const row of results) {
    const cells = PATHS.map((page) => {
      const { rps, floor } = row.paths[page]
      return `${Math.round(rps)} (${(rps / floor).toFixed(2)} × floor ${Math.round(floor)})`
    })
    console.log(`| ${row.name} | ${cells.join(' | ')} |`)
  }
  const [one, two] = results
  console.log(
    `Two instances against one: ${PATHS.map((page) => `${page} ${(two.paths[page].rps / one.paths[page].rps).toFixed(2)} ×`).join(', ')}.`,
  )
  return results
}
