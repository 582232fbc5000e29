import { RateLimiter } from './rate-limit'

// Ten sign-ups a minute from one address is already more than a person makes. Shared by the
// newsletter's API route and its server action (each server bundle that imports it keeps a count).
export const newsletterLimiter = new RateLimiter(10, 60_000)
