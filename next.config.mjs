import path from 'node:path'

const root = path.dirname(new URL(import.meta.url).pathname)
const production = process.env.NODE_ENV === 'production'
// The Studio frames the site in its Presentation tool; nothing else may.
const studioOrigin = process.env.NEXT_PUBLIC_SANITY_STUDIO_URL?.trim()
// A self-hosted API (the local content API of `npm run studio:local`) serves its images itself,
// from its own host and the project's subdomain of it.
const apiHost = process.env.SANITY_API_HOST?.trim() ? new URL(process.env.SANITY_API_HOST.trim()) : null
const apiImageSources = apiHost ? ` ${apiHost.origin} ${apiHost.protocol}//*.${apiHost.host}` : ''

/**
 * Content-Security-Policy. Scripts: Next's App Router streams its page data in inline scripts
 * that differ per page, so a static page cannot carry nonces, and hashes would have to be
 * computed per page after the build; 'unsafe-inline' for scripts is the price of static pages.
 * Everything else is locked to this origin and Sanity's.
 */
const csp = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline'",
  `img-src 'self' data: https://cdn.sanity.io${apiImageSources}`,
  "font-src 'self'",
  "connect-src 'self' https://*.api.sanity.io https://*.apicdn.sanity.io wss://*.api.sanity.io",
  `frame-ancestors 'self'${studioOrigin ? ` ${new URL(studioOrigin).origin}` : ''}`,
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ')

// For documents: every response a browser may show or run as a page (pages, API answers, SVG
// images, which run scripts when opened on their own).
const documentHeaders = [
  { key: 'Content-Security-Policy', value: csp },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  {
    key: 'Permissions-Policy',
    value: 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
  },
  ...(production ? [{ key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains; preload' }] : []),
]

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Next hashes the whole document for an ETag on every request for a static page: about 250 µs
  // of CPU per request of the home page here, a third of what serving it cost. What it buys is a
  // 304 instead of the page when a browser revalidates; a cache in front (docs/developers.md, "A
  // shared cache in front") can give those without the server's help.
  generateEtags: false,
  // Every form a person fills in is a few fields: proxy.ts refuses a bigger page post with 413
  // before Next reads it, and this caps one whose size was not declared.
  // proxy.ts reads a copy of each page post to refuse one that is too big or damaged: it needs no
  // more of a body than one byte past the cap to say so.
  experimental: { serverActions: { bodySizeLimit: '16kb' }, proxyClientMaxBodySize: '17kb' },
  // CI type-checks everything with `npm run typecheck`, route types included (`next typegen`),
  // so the build does not check a second time (14 s of a 2-minute build here).
  typescript: { ignoreBuildErrors: true },
  // The app lives in web/, the lockfile at the repository root.
  turbopack: { root },
  outputFileTracingRoot: root,
  // PGlite loads its WebAssembly and data files from its own package folder at runtime.
  serverExternalPackages: ['@electric-sql/pglite'],
  // With REDIS_URL, every instance shares one cache (cache-handler.mjs) and keeps no private copy.
  // Read when the server starts as well as at build, so one build runs with Redis or without.
  ...(process.env.REDIS_URL?.trim()
    ? { cacheHandler: path.join(root, 'cache-handler.mjs'), cacheMaxMemorySize: 0 }
    : {}),
  // A second build (the resilience test's, against a Sanity stand-in) must not overwrite the first.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  async headers() {
    return [
      { source: '/:path*', headers: [{ key: 'X-Content-Type-Options', value: 'nosniff' }] },
      // The build's hashed scripts, styles and fonts are never documents, so the policies above
      // would only add 0.6 kB to each of the 8 to 10 of them a page loads.
      { source: '/:path((?!_next/static/).*)', headers: documentHeaders },
      // A reset link carries its token in the address: no page it links to may learn it. The
      // origin alone is still sent, so the page's own forms carry an Origin Next can check.
      { source: '/set-new-password', headers: [{ key: 'Referrer-Policy', value: 'strict-origin' }] },
      // So do the links that open an order.
      { source: '/order-successful', headers: [{ key: 'Referrer-Policy', value: 'strict-origin' }] },
      { source: '/order-tracker-details', headers: [{ key: 'Referrer-Policy', value: 'strict-origin' }] },
      // And the links in subscription e-mails.
      { source: '/confirm-subscription', headers: [{ key: 'Referrer-Policy', value: 'strict-origin' }] },
      { source: '/unsubscribe', headers: [{ key: 'Referrer-Policy', value: 'strict-origin' }] },
      // And a business's link for its bank details.
      { source: '/collection-bank-details', headers: [{ key: 'Referrer-Policy', value: 'strict-origin' }] },
      // A photo and a label are no page and have no forms: their addresses, which grant them, send
      // nothing on. Here, as the routes' own header would lose to the documents' policy above.
      { source: '/api/order-photos/:id', headers: [{ key: 'Referrer-Policy', value: 'no-referrer' }] },
      { source: '/order-tracker-details/label', headers: [{ key: 'Referrer-Policy', value: 'no-referrer' }] },
      // Staff pages are never indexed, whatever a crawler finds.
      { source: '/admin/:path*', headers: [{ key: 'X-Robots-Tag', value: 'noindex, nofollow' }] },
    ]
  },
}

export default nextConfig
