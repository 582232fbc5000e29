import { jobsEveryMs } from '@/config'
import { startJobs } from '@/jobs/tick'

describe('the jobs’ rhythm', () => {
  it('is a minute unless JOBS_EVERY_SECONDS says otherwise, and refuses a time that is not one', () => {
    expect(jobsEveryMs({})).toBe(60_000)
    expect(jobsEveryMs({ JOBS_EVERY_SECONDS: '5' })).toBe(5_000)
    for (const wrong of ['0', 'soon', '1.5', '3601'])
      expect(() => jobsEveryMs({ JOBS_EVERY_SECONDS: wrong })).toThrow(/JOBS_EVERY_SECONDS/)
  })
})

describe('the tick', () => {
  const globals = globalThis as { __incrementalCache?: unknown }

  beforeEach(() => {
    jest.useFakeTimers()
    globals.__incrementalCache = {}
  })
  afterEach(() => {
    jest.useRealTimers()
    delete globals.__incrementalCache
  })

  it('never starts a run while the last is still going: a slow run is not joined by the next', async () => {
    let runs = 0
    let finish: () => void = () => {}
    startJobs([
      {
        name: 'slow',
        lock: null,
        run: () => {
          runs++
          return new Promise<void>((resolve) => (finish = resolve))
        },
      },
    ])
    await jest.advanceTimersByTimeAsync(5_000)
    expect(runs).toBe(1)
    // Three more minutes' ticks while the first run is still under way: none starts.
    await jest.advanceTimersByTimeAsync(180_000)
    expect(runs).toBe(1)
    finish()
    await jest.advanceTimersByTimeAsync(60_000)
    expect(runs).toBe(2)
  })
})
