import { NextResponse } from 'next/server'

/**
 * 303 See Other to a path on this site: a plain form post is answered with a GET of the next page.
 * A relative Location, because request.url names the host Next listens on, not the one the
 * visitor used. Never cached.
 */
export function seeOther(path: string): NextResponse {
  return new NextResponse(null, { status: 303, headers: { location: path, 'cache-control': 'no-store' } })
}
