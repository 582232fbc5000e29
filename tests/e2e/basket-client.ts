import type { APIRequestContext } from '@playwright/test'
import { testClientAddress } from '../support/e2e-env'
import { readPageForm, sendPageForm, unescape, type PostedForm } from './form-post'
import { GOOD_ANSWERS, IPHONE_13 } from './sell-helpers'

export type Line = {
  id: string
  device: string
  gradeName: string
  quantity: number
  pricePence: number | null
  addedPricePence: number
  lineTotalPence: number
}
export type Basket = { lines: Line[]; removed: Line[]; count: number; totalPence: number; limit: number }
export type Answer = { ok: boolean; code?: string; message?: string; basket?: Basket }

/** What the price checker's form sends: the model's id, a storage size and one answer per question. */
export type Choices = { model: string; storage?: string | null; answers?: Record<string, string> }

export const GOOD_IPHONE = { model: IPHONE_13.id, storage: '128gb', answers: GOOD_ANSWERS }

/** Where the price checker's "Add to basket" and the basket's plus and minus send a seller. */
export const BASKET_PAGE = '/add-to-cart'
export const FIND_DEVICE_PAGE = '/check-in'
const ADD_BUTTON = 'Add to basket'

export type SendOptions = {
  /** Sent with the page's GET and the post (a forged `cookie`, say). */
  headers?: Record<string, string>
  /** The Origin the post carries: the page's own unless given; null for none. */
  origin?: string | null
}

export type Posted = PostedForm & {
  /** The price checker's status words on a page that came back (the basket is full, try again). */
  words: string
  /** The visitor's basket after the post, read from GET /api/basket with the visitor's cookies. */
  basket: Basket
}

/** A form as a page gives it: its hidden fields, and the page's origin, which its posts carry. */
export type PageForm = { hidden: Record<string, string>; origin: string }

/**
 * One visitor: its own client address, and the request context's own cookie jar, which keeps
 * the basket cookie from one call to the next as a browser would. Adding and changing are posted
 * as a browser running no scripts posts them: the page's form, with its server action's hidden
 * fields, multipart to the page's own address (the basket has no write API of its own).
 */
export function visitor(request: APIRequestContext, address = testClientAddress()) {
  const headers = { 'x-forwarded-for': address }
  const basket = async (extra: Record<string, string> = {}) => {
    const response = await request.get('/api/basket', { headers: { ...headers, ...extra } })
    return { status: response.status(), body: (await response.json()) as Answer, response }
  }
  const send = async (page: string, form: PageForm, fields: Record<string, string>, options: SendOptions) => {
    const posted = await sendPageForm(
      request,
      page,
      { ...form.hidden, ...fields },
      {
        headers: { ...headers, ...options.headers },
        origin: options.origin === undefined ? form.origin : options.origin,
      },
    )
    const answer: Posted = { ...posted, words: quoteStatus(posted.html), basket: (await basket()).body.basket! }
    return answer
  }

  /** The add form of a model page (the model's own, or the iPhone 13's for one the site lacks). */
  const addForm = async (model: string = IPHONE_13.id, options: SendOptions & { page?: string } = {}) => {
    const page = options.page ?? (await modelPath(request, model)) ?? IPHONE_13.path
    return {
      page,
      ...(await readPageForm(request, page, { button: ADD_BUTTON, headers: { ...headers, ...options.headers } })),
    }
  }

  /** The hidden fields of the basket page's quantity forms: the server action they post to. */
  const changeForm = async (options: SendOptions = {}): Promise<PageForm> => {
    const { hidden, origin } = await readPageForm(request, BASKET_PAGE, {
      form: 'line',
      headers: { ...headers, ...options.headers },
    })
    // The line's own fields are given with each change.
    const action = Object.fromEntries(Object.entries(hidden).filter(([name]) => name !== 'line' && name !== 'back'))
    return { hidden: action, origin }
  }

  return {
    headers,
    basket,
    addForm,
    changeForm,
    /**
     * Posts "Add to basket" on a model page (the model's own, or the iPhone 13's for a model the
     * site does not have), with `choices` and any `extra` fields in place of the form's own.
     */
    add: async (
      choices: Choices,
      extra: Record<string, string> = {},
      options: SendOptions & { page?: string } = {},
    ) => {
      const form = await addForm(choices.model, options)
      return send(form.page, form, { ...addFields(choices), ...extra }, options)
    },
    /**
     * Posts a plus (1) or minus (−1) form of the basket page for `lineId`. `form` is the forms'
     * action where the visitor's own basket page has none to read (an empty basket).
     */
    change: async (
      lineId: string,
      change: string | number,
      options: SendOptions & { back?: string; form?: PageForm } = {},
    ) => {
      const form = options.form ?? (await changeForm(options))
      return send(
        BASKET_PAGE,
        form,
        { line: lineId, back: options.back ?? BASKET_PAGE, change: String(change) },
        options,
      )
    },
  }
}

/** The choices as the form's fields: `model`, `storage`, and one field per question. */
export function addFields(choices: Choices): Record<string, string> {
  return {
    model: choices.model,
    ...(choices.storage ? { storage: choices.storage } : {}),
    ...(choices.answers ?? {}),
  }
}

/** The price checker's status paragraph (role=status), as a seller reads it. */
export function quoteStatus(html: string): string {
  const match = /<p\b(?=[^>]*role="status")(?=[^>]*class="form-status)[^>]*>([\s\S]*?)<\/p>/.exec(html)
  return match ? unescape(match[1]!.replace(/<[^>]+>/g, '').trim()) : ''
}

const devices = new WeakMap<APIRequestContext, Promise<Array<{ id: string; href: string }>>>()

/** A model's page, from the device list; undefined for a model the site does not have. */
async function modelPath(request: APIRequestContext, model: string): Promise<string | undefined> {
  if (!devices.has(request))
    devices.set(
      request,
      request.get('/api/devices').then((response) => response.json()),
    )
  return (await devices.get(request)!).find((device) => device.id === model)?.href
}
