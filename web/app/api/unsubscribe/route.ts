import { jsonResponse, unavailableResponse } from '@/http/json-request'
import { unsubscribeLink } from '@/subscriptions/service'

/**
 * One-click unsubscribe (RFC 8058): the address in a subscriber e-mail's List-Unsubscribe header.
 * A mail client posts `List-Unsubscribe=One-Click` here, with no cookie and no login; the signed
 * link is the whole proof, and it can only end the one subscription it names. A GET changes
 * nothing (link scanners fetch every address they see): it is sent to the page with the button.
 */
export async function POST(request: Request): Promise<Response> {
  const url = new URL(request.url)
  const link = { s: url.searchParams.get('s'), t: url.searchParams.get('t') }
  let done: boolean
  try {
    done = await unsubscribeLink(link)
  } catch {
    return unavailableResponse('Try again in a moment.')
  }
  if (!done) {
    return jsonResponse(400, { ok: false, code: 'invalid_link', message: 'This unsubscribe link is not valid.' })
  }
  return jsonResponse(200, { ok: true })
}

export function GET(request: Request): Response {
  const url = new URL(request.url)
  return new Response(null, {
    status: 303,
    headers: { location: `/unsubscribe${url.search}`, 'cache-control': 'no-store' },
  })
}
