'use server'

import 'server-only'
import { cookies } from 'next/headers'
import { redirect, RedirectType } from 'next/navigation'
import { getHeader, getSellingCopy } from '@/content/loaders'
import { quoteProblems } from '@/catalogue/quote-problems'
import { formAction, type Outcome } from '@/forms/form-action'
import { FRESH_FORM } from '@/forms/form-state'
import { RateLimiter } from '@/http/rate-limit'
import { fillTemplate } from '@/lib/templates'
import { basketCookie, BASKET_COOKIE } from './cookie'
import { choicesQuery, parseAddRequest, parseChange, safeReturnPath } from './request'
import { addToBasket, changeBasketLine } from './service'
import type { BasketView } from './types'

// Generous: a seller adding a household's phones, or tapping plus quickly, is never stopped; a
// script hammering the store is.
const addLimiter = new RateLimiter('basket', 60, 60_000)
const changeLimiter = new RateLimiter('basketLines', 120, 60_000)

type AddProblem = 'malformed' | 'unknownModel' | 'notPriced' | 'basketFull'
type ChangeProblem = 'malformed' | 'basketFull' | 'notFound'

/**
 * "Add to basket", from the price checker: posted by its button without scripts, or by the
 * basket's browser store with them. The device is priced on the server from published content;
 * only the model, the storage size and the answers are read. Without scripts the seller is sent on:
 * to the basket once it is added; to the model's price page, which shows what is missing, when the
 * answers do not price a device; otherwise (a full basket) the answer is drawn in the page, with
 * the choices that were sent. With scripts the answer holds the basket after the change, or the
 * refusal in the content's words.
 */
export const addDevice = formAction({
  limiter: addLimiter,
  page: '/',
  validate: (body) => ({ ok: true, value: new URLSearchParams(body) }),
  run: async (fields, { request, scripted }): Promise<Outcome<AddProblem, BasketView>> => {
    const parsed = parseAddRequest({ kind: 'form', body: fields })
    if ('error' in parsed) return { ok: false, errors: 'malformed' }
    const { quote: copy, basket: basketCopy } = await getSellingCopy()
    const jar = await cookies()
    const outcome = await addToBasket(jar.get(BASKET_COOKIE)?.value, parsed)
    switch (outcome.kind) {
      case 'added':
        if (outcome.token !== jar.get(BASKET_COOKIE)?.value) jar.set(basketCookie(outcome.token, request))
        if (!scripted) return { ok: true, redirect: copy.basketLink.href ?? '/' }
        return { ok: true, data: outcome.basket }
      case 'unknown-model':
        if (!scripted) return { ok: true, redirect: basketCopy.findDeviceLink.href ?? '/' }
        return { ok: false, errors: 'unknownModel' }
      case 'not-priced':
        if (!scripted) return { ok: true, redirect: `${outcome.modelHref}/price?${choicesQuery(parsed)}` }
        return { ok: false, errors: 'notPriced', fill: { message: quoteProblems(outcome.quote, copy).message } }
      case 'limit':
        return { ok: false, errors: 'basketFull', fill: { limit: outcome.limit }, data: outcome.basket }
    }
  },
  words: async () => {
    const { quote: copy } = await getSellingCopy()
    return (code, fill) =>
      code === 'unknownModel'
        ? copy.unknownModel
        : code === 'notPriced'
          ? String(fill?.message ?? copy.failed)
          : code === 'basketFull'
            ? fillTemplate(copy.basketFull, { limit: fill?.limit ?? '' })
            : copy.failed
  },
  name: 'Basket change',
})

/**
 * "See my price" without scripts: the price checker's other button. It sends the seller to the
 * model's price page with the choices in its address, which the server prices (and which can be
 * bookmarked); the form's own fields (the add action's) stay out of that address. It only moves the
 * seller on, so it answers nothing.
 */
export async function showPrice(form: FormData): Promise<void> {
  const fields = new URLSearchParams()
  for (const [key, value] of form)
    if (typeof value === 'string' && !key.startsWith('$ACTION')) fields.append(key, value)
  const parsed = parseAddRequest({ kind: 'form', body: fields })
  const page = safeReturnPath(fields.get('pricePage'), '/')
  redirect('error' in parsed ? page : `${page}?${choicesQuery(parsed)}`, RedirectType.push)
}

/**
 * One more or one fewer of a basket's line (the plus, minus and undo buttons): posted by their
 * forms without scripts, which are sent back where they were; posted by the browser store with
 * them, which is given the basket after the change.
 */
export const changeLine = formAction({
  limiter: changeLimiter,
  page: '/',
  validate: (body) => ({ ok: true, value: body }),
  run: async (body, { scripted }): Promise<Outcome<ChangeProblem, BasketView>> => {
    const step = parseChange({ kind: 'form', body: new URLSearchParams(body) })
    const lineId = body.line ?? ''
    if (step === null || !lineId) return { ok: false, errors: 'malformed' }
    const outcome = await changeBasketLine((await cookies()).get(BASKET_COOKIE)?.value, lineId, step)
    if (!scripted) {
      const header = await getHeader()
      return { ok: true, redirect: safeReturnPath(body.back, header.cart.cartLink.href ?? '/') }
    }
    if (outcome.kind === 'ok') return { ok: true, data: outcome.basket }
    const code = outcome.kind === 'limit' ? 'basketFull' : 'notFound'
    return { ok: false, errors: code, fill: { limit: outcome.basket.limit }, data: outcome.basket }
  },
  words: async () => {
    const { basket: copy } = await getSellingCopy()
    return (code, fill) => (code === 'basketFull' ? fillTemplate(copy.limit, { limit: fill?.limit ?? '' }) : copy.error)
  },
  name: 'Basket change',
})

/** The plus, minus and undo forms' own action without scripts: changeLine, which sends them back. */
export async function changeLineForm(form: FormData): Promise<void> {
  await changeLine(FRESH_FORM, form)
}
