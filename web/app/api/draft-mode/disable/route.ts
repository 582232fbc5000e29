import { draftMode } from 'next/headers'
import { NextResponse } from 'next/server'

/** Leaves draft preview and returns to the published site. */
export async function GET(request: Request): Promise<Response> {
  ;(await draftMode()).disable()
  return NextResponse.redirect(new URL('/', request.url))
}
