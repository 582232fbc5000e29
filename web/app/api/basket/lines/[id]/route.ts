import type { NextRequest } from 'next/server'
import { getHeader, getSellingCopy } from '@/content/loaders'
import { fillTemplate } from '@/lib/templates'
import { jsonResponse, readFormOrJsonBody } from '@/http/json-request'
import { RateLimiter } from '@/http/rate-limit'
import { refuseWrite } from '@/http/write-guard'
import { changeBasketLine } from '@/basket/service'
import { BASKET_COOKIE } from '@/basket/cookie'
import { basketJson, seeOther, storeUnavailable } from '@/basket/http'
import { parseChange, safeReturnPath } from '@/basket/request'

export const dynamic = 'force-dynamic'

type Context = { params: Promise<{ id: string }> }

// Generous: a seller tapping plus quickly must never be stopped, a script hammering the store must.
const limiter = new RateLimiter('basketLines', 120, 60_000)

/** One more or one fewer of a line: PATCH from scripts, POST from the plain forms. */
async function change(request: NextRequest, { params }: Context): Promise<Response> {
  const refused = await refuseWrite(request, limiter, {
    crossOrigin: 'Change your basket from this site.',
    tooMany: 'Too many changes.',
  })
  if (refused) return refused
  const read = await readFormOrJsonBody(request)
  if (!read.ok) return read.response
  const step = parseChange(read.value)
  if (step === null) return jsonResponse(400, { ok: false, code: 'malformed', message: 'change must be 1 or -1.' })

  const [{ basket: copy }, header] = await Promise.all([getSellingCopy(), getHeader()])
  const { id } = await params
  try {
    const outcome = await changeBasketLine(request.cookies.get(BASKET_COOKIE)?.value, id, step)
    if (read.value.kind === 'form') {
      return seeOther(request, safeReturnPath(read.value.body.get('back'), header.cart.cartLink.href ?? '/'))
    }
    switch (outcome.kind) {
      case 'ok':
        return basketJson(200, outcome.basket, request)
      case 'limit':
        return jsonResponse(409, {
          ok: false,
          code: 'basket_full',
          message: fillTemplate(copy.limit, { limit: outcome.basket.limit }),
          basket: outcome.basket,
        })
      case 'not-found':
        return jsonResponse(404, { ok: false, code: 'not_found', message: copy.error, basket: outcome.basket })
    }
  } catch (error) {
    return storeUnavailable(error, copy.error)
  }
}

export const PATCH = change
export const POST = change
