'use server'

import 'server-only'
import { cookies, headers } from 'next/headers'
import { redirect, RedirectType } from 'next/navigation'
import { getHeader, getSellingCopy } from '@/content/loaders'
import { quoteProblems } from '@/catalogue/quote-problems'
import { clientKeyFrom, RateLimiter } from '@/http/rate-limit'
import { isCrossOrigin } from '@/http/same-origin'
import { describeError } from '@/lib/log'
import { fillTemplate } from '@/lib/templates'
import { basketCookie, BASKET_COOKIE } from './cookie'
import { choicesQuery, parseAddRequest, parseChange, safeReturnPath } from './request'
import { addToBasket, changeBasketLine } from './service'
import type { BasketChange } from './types'

// Generous: a seller adding a household's phones, or tapping plus quickly, is never stopped; a
// script hammering the store is.
const addLimiter = new RateLimiter('basket', 60, 60_000)
const changeLimiter = new RateLimiter('basketLines', 120, 60_000)

/**
 * "Add to basket", from the price checker: posted by its button without scripts (addDeviceForm), or
 * called by the basket's browser store with them. The device is priced on the server from published
 * content; only the model, the storage size and the answers are read. Without scripts the seller is
 * sent on: to the basket once it is added; to the model's price page, which shows what is missing,
 * when the answers do not price a device; otherwise (a full basket) the answer is drawn in the page.
 * With scripts the answer holds the basket after the change, or the refusal in the content's words.
 */
export async function addDevice(form: FormData): Promise<BasketChange> {
  const incoming = await headers()
  const scripted = incoming.has('next-action')
  const fields = formFields(form)
  const sent = 1
  const { quote: copy, basket: basketCopy } = await getSellingCopy()
  const refuse = (code: string, message: string, extra: Partial<BasketChange> = {}): BasketChange => ({
    ok: false,
    code,
    message,
    sent,
    ...extra,
  })

  const request = describedRequest(incoming)
  if (isCrossOrigin(request)) return refuse('crossOrigin', copy.failed)
  if (!(await addLimiter.take(clientKeyFrom(incoming))).allowed) return refuse('tooMany', copy.failed)
  const parsed = parseAddRequest({ kind: 'form', body: fields })
  if ('error' in parsed) return refuse('malformed', copy.failed)

  let outcome: Awaited<ReturnType<typeof addToBasket>>
  const jar = await cookies()
  try {
    outcome = await addToBasket(jar.get(BASKET_COOKIE)?.value, parsed)
  } catch (error) {
    console.error(`Basket store unavailable: ${describeError(error)}`)
    return refuse('unavailable', copy.failed)
  }
  switch (outcome.kind) {
    case 'added':
      if (outcome.token !== jar.get(BASKET_COOKIE)?.value) jar.set(basketCookie(outcome.token, request))
      if (!scripted) redirect(copy.basketLink.href ?? '/', RedirectType.push)
      return { ok: true, basket: outcome.basket, sent }
    case 'unknown-model':
      if (!scripted) redirect(basketCopy.findDeviceLink.href ?? '/', RedirectType.push)
      return refuse('unknownModel', copy.unknownModel)
    case 'not-priced':
      if (!scripted) redirect(`${outcome.modelHref}/price?${choicesQuery(parsed)}`, RedirectType.push)
      return refuse('notPriced', quoteProblems(outcome.quote, copy).message)
    case 'limit':
      return refuse('basketFull', fillTemplate(copy.basketFull, { limit: outcome.limit }), { basket: outcome.basket })
  }
}

/**
 * The "Add to basket" button's action without scripts, through useActionState: a refusal that
 * leaves the seller on the page (too many tries, the store down, a damaged form) comes back with
 * the content's words and the choices that were sent.
 */
export async function addDeviceForm(previous: BasketChange, form: FormData): Promise<BasketChange> {
  const answer = await addDevice(form)
  const typed: Record<string, string> = {}
  for (const [key, value] of formFields(form)) typed[key] = value.slice(0, 100)
  return { ...answer, sent: (previous?.sent ?? 0) + 1, typed }
}

/**
 * "See my price" without scripts: the price checker's other button. It sends the seller to the
 * model's price page with the choices in its address, which the server prices (and which can be
 * bookmarked); the form's own fields (the add action's) stay out of that address.
 */
export async function showPrice(form: FormData): Promise<void> {
  const fields = formFields(form)
  const parsed = parseAddRequest({ kind: 'form', body: fields })
  const page = safeReturnPath(fields.get('pricePage'), '/')
  redirect('error' in parsed ? page : `${page}?${choicesQuery(parsed)}`, RedirectType.push)
}

/**
 * One more or one fewer of a basket's line (the plus, minus and undo buttons): posted by their
 * forms without scripts, which are sent back where they were; called by the browser store with
 * them, which is given the basket after the change.
 */
export async function changeLine(form: FormData): Promise<BasketChange> {
  const incoming = await headers()
  const scripted = incoming.has('next-action')
  const fields = formFields(form)
  const [{ basket: copy }, header] = await Promise.all([getSellingCopy(), getHeader()])
  const back = safeReturnPath(fields.get('back'), header.cart.cartLink.href ?? '/')
  const refuse = (code: string): BasketChange => ({ ok: false, code, message: copy.error, sent: 1 })

  if (isCrossOrigin(describedRequest(incoming))) return refuse('crossOrigin')
  if (!(await changeLimiter.take(clientKeyFrom(incoming))).allowed) return refuse('tooMany')
  const step = parseChange({ kind: 'form', body: fields })
  const lineId = fields.get('line') ?? ''
  if (step === null || !lineId) return refuse('malformed')

  let outcome: Awaited<ReturnType<typeof changeBasketLine>>
  try {
    outcome = await changeBasketLine((await cookies()).get(BASKET_COOKIE)?.value, lineId, step)
  } catch (error) {
    console.error(`Basket store unavailable: ${describeError(error)}`)
    return refuse('unavailable')
  }
  if (!scripted) redirect(back, RedirectType.push)
  if (outcome.kind === 'ok') return { ok: true, basket: outcome.basket, sent: 1 }
  const message = outcome.kind === 'limit' ? fillTemplate(copy.limit, { limit: outcome.basket.limit }) : copy.error
  return {
    ok: false,
    code: outcome.kind === 'limit' ? 'basketFull' : 'notFound',
    message,
    basket: outcome.basket,
    sent: 1,
  }
}

/** The plus, minus and undo forms' own action: changeLine, with nothing to give back to a page. */
export async function changeLineForm(form: FormData): Promise<void> {
  await changeLine(form)
}

/** The form's text fields, Next's own (`$ACTION_…`) left out. */
function formFields(form: FormData): URLSearchParams {
  const fields = new URLSearchParams()
  for (const [key, value] of form)
    if (typeof value === 'string' && !key.startsWith('$ACTION')) fields.append(key, value)
  return fields
}

function describedRequest(incoming: Headers): Request {
  const protocol = incoming.get('x-forwarded-proto')?.split(',')[0]?.trim() === 'https' ? 'https' : 'http'
  return new Request(`${protocol}://${incoming.get('host') ?? 'localhost'}/`, { headers: new Headers(incoming) })
}
