import { readFileSync } from 'node:fs'
import path from 'node:path'
import { NextResponse, type NextRequest } from 'next/server'
import { buildFolder } from '@/config'
import { namesPublished } from '@/content/published-paths'
import { isCrossOrigin } from '@/http/same-origin'

/** The most a page's form may send: a form a person fills in is a few fields (next.config caps it too). */
export const PAGE_POST_LIMIT = 16 * 1024

/**
 * A post to a page is a form's server action. Next refuses one from another site, one too big or
 * one whose body is not a form by failing with a 500; these are the visitor's mistakes or someone
 * else's forgery, so they are answered here first, with the 4xx that says which. Next hands this
 * proxy a copy of the body (at most `proxyClientMaxBodySize` of it, next.config.mjs), so reading it
 * here leaves the action its own.
 */
async function refusedPost(request: NextRequest): Promise<Response | null> {
  const text = (status: number, body: string) =>
    new Response(body, {
      status,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
    })
  if (isCrossOrigin(request)) return text(403, 'Forms on this site must be sent from this site.')
  const tooBig = () => text(413, `A form may send at most ${PAGE_POST_LIMIT / 1024} kB.`)
  if (Number(request.headers.get('content-length') ?? 0) > PAGE_POST_LIMIT) return tooBig()
  // Sent without a length (chunked): counted as it is read.
  const body = await request.arrayBuffer()
  if (body.byteLength > PAGE_POST_LIMIT) return tooBig()
  const type = request.headers.get('content-type') ?? ''
  if (/^multipart\/form-data/i.test(type)) {
    let form: FormData
    try {
      form = await new Response(body, { headers: { 'content-type': type } }).formData()
    } catch {
      return text(400, 'The form arrived incomplete or damaged. Send it again.')
    }
    // Posted without scripts from a page of another build (open before a deploy): Next cannot
    // find its action. Scripts' posts name theirs in a header, which Next answers itself (404).
    if (!request.headers.has('next-action') && namesUnknownAction(form)) {
      return text(409, 'This page has changed since it was opened. Open it again, then send the form.')
    }
  }
  return null
}

/** Whether a form posted without scripts names an action this build does not have. */
function namesUnknownAction(form: FormData): boolean {
  const known = buildActions()
  if (!known) return false
  for (const [name, value] of form) {
    const plain = /^\$ACTION_ID_(.+)$/.exec(name)?.[1]
    const bound = /^\$ACTION_\d+:0$/.test(name) ? boundActionId(value) : undefined
    const id = plain ?? bound
    if (id !== undefined && !known.has(id)) return true
  }
  return false
}

function boundActionId(value: FormDataEntryValue): string {
  try {
    const { id } = JSON.parse(String(value)) as { id?: unknown }
    return typeof id === 'string' ? id : ''
  } catch {
    return ''
  }
}

/**
 * The ids of this build's server actions, from its manifest, read once. Null when it cannot be
 * found (a build in another folder): then Next is left to answer, as it would without this check.
 */
let actions: Set<string> | null | undefined
function buildActions(): Set<string> | null {
  if (actions !== undefined) return actions
  try {
    const file = path.join(buildFolder(), 'server', 'server-reference-manifest.json')
    actions = new Set(Object.keys((JSON.parse(readFileSync(file, 'utf8')) as { node: object }).node))
  } catch {
    actions = null
  }
  return actions
}

/**
 * Addresses that name nothing get the compiled not-found page: 404, inside the header and footer,
 * readable without scripts. Left to the catch-all route, an unknown address is rendered on demand
 * and its `notFound()` comes back as an empty document whose 404 view only scripts can draw
 * (vercel/next.js#62228), and each such address would also take a place in the page cache.
 *
 * Routes of their own (accounts, orders, staff, the API) and files (a "." in the last segment) are
 * not asked about; a draft preview sees drafts, so it is let through to the page. An address with
 * a broken percent-escape (/%ZZ) names nothing either: Next's router would fail on it with a bare
 * "Internal Server Error" before any page renders.
 */
export async function proxy(request: NextRequest) {
  if (request.method === 'POST') {
    const refused = await refusedPost(request)
    if (refused) return refused
  }
  const pathname = decoded(request.nextUrl.pathname)
  if (pathname === null) return notFoundPage(request)
  const first = pathname.split('/')[1] ?? ''
  if (APP_ROUTES.has(first) || /\.[^/]*$/.test(pathname) || request.cookies.has(DRAFT_COOKIE)) {
    return NextResponse.next()
  }
  try {
    if (await namesPublished(pathname)) return NextResponse.next()
  } catch {
    // The content cannot be read just now: the page route answers, as it would without this check.
    return NextResponse.next()
  }
  return notFoundPage(request)
}

/** The first segments that belong to routes in app/ rather than to pages in the content. */
export const APP_ROUTES = new Set([
  '_next',
  'add-to-cart',
  'admin',
  'api',
  'certificates',
  'collection-bank-details',
  'collection-reports',
  'complete-order',
  'confirm-email',
  'confirm-subscription',
  'forget-password',
  'login',
  'order-successful',
  'order-tracker',
  'order-tracker-details',
  'profile',
  'proof-of-identity',
  'seed-assets',
  'set-new-password',
  'sign-up',
  'staff-setup',
  'two-factor',
  'unsubscribe',
  'waste-transfer-notes',
])

// Next's draft mode cookie: an editor previewing may open a page that is not published yet.
const DRAFT_COOKIE = '__prerender_bypass'

// The route Next builds from app/not-found.tsx: it always answers 404.
const NOT_FOUND_PAGE = '/_not-found'

function notFoundPage(request: NextRequest) {
  return NextResponse.rewrite(new URL(NOT_FOUND_PAGE, request.url))
}

/** The address as the router will read it (/about/%66aqs is /about/faqs), or null when it cannot be. */
function decoded(pathname: string): string | null {
  try {
    return decodeURIComponent(pathname)
  } catch {
    return null
  }
}

// Everything but Next's own assets and the API, whose routes answer their own 404s (an API address
// is only checked for a broken escape).
export const config = { matcher: ['/((?!_next/|api/).*)', '/api/:path(.*%.*)'] }
