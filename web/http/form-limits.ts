import { RateLimiter } from './rate-limit'

// Ten sign-ups a minute from one address is already more than a person makes. Shared by the
// newsletter's API route and its server action, which count in one store per process.
export const newsletterLimiter = new RateLimiter('newsletter', 10, 60_000)

// Five messages a minute from one address: more than anyone writes.
export const contactLimiter = new RateLimiter('contact', 5, 60_000)

// Three collection requests a minute from one address: a business asks once.
export const collectionLimiter = new RateLimiter('collection', 3, 60_000)

// Ten photos of an identity document in ten minutes from one address: a seller retrying a blurred
// photo needs a few; each one is re-encoded, so a flood costs the server.
export const identityLimiter = new RateLimiter('identity', 10, 10 * 60_000)
