import { namesPublished } from '@/content/published-paths'

// Read from the seed, as the proxy reads it on a machine without Sanity.
describe('which addresses name something published', () => {
  it.each([
    ['/', true],
    ['/about/faqs', true],
    ['/about/faqs/', true],
    ['/sell-my-phone', true],
    ['/sell-my-phone/iphone-13', true],
    ['/sell-my-phone/iphone-13/price', true],
    ['/sell-my-tab/ipad-air-13-inch-m3', true],
    ['/no-such-page', false],
    ['/about/no-such-page', false],
    ['/sell-my-phone/no-such-model', false],
    ['/sell-my-phone/ipad-air-13-inch-m3', false],
    ['/sell-my-phone/iphone-13/nope', false],
    ['/sell-my-phone/iphone-13/price/more', false],
    ['/About/FAQs', false],
    ['/about//faqs', false],
  ])('%s: %s', async (path, expected) => {
    expect(await namesPublished(path)).toBe(expected)
  })
})
