import { GET as ready } from '@/app/api/health/ready/route'
import { PROCESS_STATE } from '@/config/process-state'

const DRAINING = PROCESS_STATE.draining
const flags = globalThis as typeof globalThis & { [DRAINING]?: boolean }

afterEach(() => {
  delete flags[DRAINING]
})

describe('GET /api/health/ready', () => {
  it('answers 503 once the process is stopping, without asking the database, and is never cached', async () => {
    // What scripts/server.mjs sets on SIGTERM.
    flags[DRAINING] = true
    const response = await ready()
    expect(response.status).toBe(503)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(await response.json()).toEqual({ ready: false, stopping: true, database: 'unchecked' })
  })
})
