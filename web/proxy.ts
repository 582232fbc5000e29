import { NextResponse, type NextRequest } from 'next/server'

/**
 * An address with a broken percent-escape (/%ZZ) cannot be decoded into route parameters: Next's
 * router then fails before any page renders and answers a bare "Internal Server Error". Such an
 * address names no page, so it gets the site's own not-found page (404, inside the header and
 * footer) instead. The proxy runs before that decoding, and only for addresses with a "%" in them.
 */
export function proxy(request: NextRequest) {
  if (decodes(request.nextUrl.pathname)) return NextResponse.next()
  return NextResponse.rewrite(new URL(NOT_FOUND_PAGE, request.url))
}

// The route Next builds from app/not-found.tsx: it always answers 404.
const NOT_FOUND_PAGE = '/_not-found'

function decodes(pathname: string): boolean {
  try {
    decodeURIComponent(pathname)
    return true
  } catch {
    return false
  }
}

export const config = { matcher: '/:path(.*%.*)' }
