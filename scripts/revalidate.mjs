// `npm run revalidate -- TYPE [ID]` makes the call Sanity's webhook makes when a document of
// that type is published, signed with SANITY_REVALIDATE_SECRET, to the running site's
// /api/revalidate (SITE_URL, or http://localhost:$PORT), and prints what the site answered.
import { encodeSignatureHeader } from '@sanity/webhook'

const USAGE = 'Usage: npm run revalidate -- TYPE [ID]   (e.g. npm run revalidate -- page page-about-faqs)'

const [type, id, ...extra] = process.argv.slice(2)
if (!type || type.startsWith('-') || extra.length) {
  console.error(USAGE)
  process.exit(2)
}
const secret = process.env.SANITY_REVALIDATE_SECRET?.trim()
if (!secret) {
  console.error('SANITY_REVALIDATE_SECRET is not set: give the same secret the site was started with.')
  process.exit(1)
}
const site = process.env.SITE_URL?.trim() || `http://localhost:${process.env.PORT?.trim() || 3000}`
const url = new URL('/api/revalidate', site)

// The webhook's projection is {_type, _id}; a singleton's id is its type.
const body = JSON.stringify({ _type: type, _id: id ?? type })
let response
try {
  response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'sanity-webhook-signature': await encodeSignatureHeader(body, Date.now(), secret),
    },
    body,
  })
} catch (error) {
  console.error(`Could not reach ${url}: ${error.cause?.message ?? error.message}`)
  process.exit(1)
}
const answer = await response.text()
console.log(`${url} answered ${response.status}: ${answer}`)

let revalidated = []
try {
  revalidated = JSON.parse(answer).revalidated ?? []
} catch {
  // Not the route's JSON (a proxy's error page, say): the status decides.
}
if (!response.ok) process.exit(1)
if (!revalidated.length) {
  console.error(`The site reads no documents of type "${type}": nothing was refreshed.`)
  process.exit(1)
}
