import { cache, isPlainRead, withoutStega } from '@/content/stega'

// In a server render React's cache() memoizes per request; outside one (here) it does not. This
// stand-in memoizes as a render does, so the test sees what a draft preview request would.
jest.mock('react', () => ({
  cache: <A extends unknown[], R>(load: (...args: A) => R) => {
    const seen = new Map<string, R>()
    return (...args: A) => {
      const key = JSON.stringify(args)
      if (!seen.has(key)) seen.set(key, load(...args))
      return seen.get(key)!
    }
  },
}))

describe('the loaders’ per-request cache', () => {
  it('never hands metadata the page’s encoded strings, nor the page the plain ones', async () => {
    const getTitle = cache(async (path: string) => `${path}:${isPlainRead() ? 'plain' : 'encoded'}`)
    expect(await getTitle('/faqs')).toBe('/faqs:encoded')
    expect(await withoutStega(() => getTitle('/faqs'))).toBe('/faqs:plain')
    expect(await getTitle('/faqs')).toBe('/faqs:encoded')
  })

  it('still reads each once per request', async () => {
    const load = jest.fn(async () => 'settings')
    const getSettings = cache(load)
    await Promise.all([getSettings(), getSettings(), withoutStega(getSettings), withoutStega(getSettings)])
    expect(load).toHaveBeenCalledTimes(2)
  })
})
