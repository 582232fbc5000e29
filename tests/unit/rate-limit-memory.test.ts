import { RateLimiter } from '@/http/rate-limit'

// Each route's and action's bundle holds its own copy of a limiter (the newsletter's action and its
// JSON endpoint, for one): on the embedded database they must still count toward one limit.
test('two copies of a limiter in one process count toward one limit', async () => {
  const inAction = new RateLimiter('shared-memory-test', 3, 60_000)
  const inRoute = new RateLimiter('shared-memory-test', 3, 60_000)
  const now = Date.now()
  expect((await inAction.take('203.0.113.7', now)).allowed).toBe(true)
  expect((await inRoute.take('203.0.113.7', now)).allowed).toBe(true)
  expect((await inAction.take('203.0.113.7', now)).allowed).toBe(true)
  expect(await inRoute.take('203.0.113.7', now)).toEqual({ allowed: false, retryAfter: 60 })
})

test('limiters with other names keep counts of their own', async () => {
  const login = new RateLimiter('memory-test-login', 1, 60_000)
  const contact = new RateLimiter('memory-test-contact', 1, 60_000)
  expect((await login.take('198.51.100.1')).allowed).toBe(true)
  expect((await contact.take('198.51.100.1')).allowed).toBe(true)
  expect((await login.take('198.51.100.1')).allowed).toBe(false)
})
