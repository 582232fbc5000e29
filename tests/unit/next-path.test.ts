import { safeNextPath } from '@/accounts/next-path'

describe('safeNextPath', () => {
  it.each(['/profile', '/sell-my-phone/iphone-13?x=1#y', '/basket?from=%2Flogin'])('keeps %j', (path) => {
    expect(safeNextPath(path)).toBe(path)
  })

  it('tidies a path that climbs above the root, keeping it on the site', () => {
    expect(safeNextPath('/../../basket')).toBe('/basket')
  })

  it.each([
    ['another site', 'https://evil.example'],
    ['a protocol-relative address', '//evil.example'],
    ['a backslash after the slash', '/\\evil.example'],
    ['two backslashes', '\\\\evil'],
    ['a tab between the slashes', '/\t/evil.example'],
    ['a script', 'javascript:alert(1)'],
    ['a relative path', 'profile'],
    // Paths that only become another site once their dot segments are resolved.
    ['a dot segment before two slashes', '/.//evil.example'],
    ['a parent segment before two slashes', '/..//evil.example'],
    ['an encoded dot segment before two slashes', '/%2e//evil.example'],
    ['an encoded parent segment', '/%2e%2e//evil.example'],
    ['a dot segment before a backslash', '/./\\evil.example'],
    ['a dot segment before an encoded slash pair', '/.//%2fevil.example'],
    ['nothing', ''],
    ['undefined', undefined],
    ['a number', 42],
    ['a list', ['/profile']],
  ])('falls back to /profile for %s', (_label, next) => {
    expect(safeNextPath(next)).toBe('/profile')
  })

  it('honours a custom fallback', () => {
    expect(safeNextPath('//evil.example', '/basket')).toBe('/basket')
    expect(safeNextPath('/profile', '/basket')).toBe('/profile')
  })
})
