import type { NextRequest } from 'next/server'
import { getSellingCopy } from '@/content/loaders'
import { fillTemplate } from '@/lib/templates'
import { jsonResponse, readFormOrJsonBody } from '@/http/json-request'
import { RateLimiter } from '@/http/rate-limit'
import { refuseWrite } from '@/http/write-guard'
import { addToBasket, readBasket } from '@/basket/service'
import { BASKET_COOKIE } from '@/basket/cookie'
import { basketJson, seeOther, storeUnavailable } from '@/basket/http'
import { choicesQuery, parseAddRequest } from '@/basket/request'
import { quoteProblems } from '@/catalogue/quote-problems'

// Per visitor, never cached.
export const dynamic = 'force-dynamic'

const limiter = new RateLimiter('basket', 60, 60_000)

export async function GET(request: NextRequest) {
  const copy = await getSellingCopy()
  try {
    return basketJson(200, await readBasket(request.cookies.get(BASKET_COOKIE)?.value), request)
  } catch (error) {
    return storeUnavailable(error, copy.basket.error)
  }
}

export async function POST(request: NextRequest) {
  const refused = await refuseWrite(request, limiter, {
    crossOrigin: 'Add devices from this site.',
    tooMany: 'Too many changes.',
  })
  if (refused) return refused
  const read = await readFormOrJsonBody(request)
  if (!read.ok) return read.response
  const form = read.value.kind === 'form'
  const parsed = parseAddRequest(read.value)
  if ('error' in parsed) return jsonResponse(400, { ok: false, code: 'malformed', message: parsed.error })

  const { quote: copy, basket: basketCopy } = await getSellingCopy()
  try {
    const outcome = await addToBasket(request.cookies.get(BASKET_COOKIE)?.value, parsed)
    switch (outcome.kind) {
      case 'added':
        return form
          ? seeOther(request, copy.basketLink.href ?? '/', outcome.token)
          : basketJson(201, outcome.basket, request, outcome.token)
      case 'unknown-model':
        return form
          ? seeOther(request, basketCopy.findDeviceLink.href ?? '/')
          : jsonResponse(404, { ok: false, code: 'unknown_model', message: copy.unknownModel })
      case 'not-priced': {
        if (form) return seeOther(request, `${outcome.modelHref}/price?${choicesQuery(parsed)}`)
        const problem = quoteProblems(outcome.quote, copy)
        return jsonResponse(422, { ok: false, ...problem })
      }
      case 'limit': {
        const message = fillTemplate(copy.basketFull, { limit: outcome.limit })
        if (form) return seeOther(request, `${outcome.modelHref}/price?${choicesQuery(parsed)}&problem=basket-full`)
        return jsonResponse(409, { ok: false, code: 'basket_full', message, basket: outcome.basket })
      }
    }
  } catch (error) {
    return storeUnavailable(error, copy.failed)
  }
}
