import { Agent, fetch, FormData } from 'undici'
import { GOOD_IPHONE_13, hiddenFields, unescapeHtml } from '../../scripts/page-forms.mjs'
import { checkoutFields } from '../support/checkout-fields'

const MODEL_PAGE = '/sell-my-phone/iphone-13'

export type Answer =
  | {
      status: number
      location: string | null
      problems: string[]
      /** The hidden fields of the checkout form the page came back with, if it did: what pressing again sends. */
      checkoutHidden: Record<string, string> | null
    }
  | { error: string }

/**
 * A seller's browser running no scripts, reaching the site through nginx from an address of its own
 * (127.x.y.z: every loopback address is this machine's), so that nginx, which appends the
 * address it was reached from to X-Forwarded-For, tells each seller apart as it would real ones. It keeps the basket cookie as a browser does.
 */
export function seller(front: string, address: string) {
  const dispatcher = new Agent({ localAddress: address })
  let cookie = ''
  const get = async (path: string) => {
    const response = await fetch(`${front}${path}`, { dispatcher, headers: cookie ? { cookie } : {} })
    return response.text()
  }
  const post = async (path: string, fields: Record<string, string>): Promise<Answer> => {
    const body = new FormData()
    for (const [name, value] of Object.entries(fields)) body.append(name, value)
    try {
      const response = await fetch(`${front}${path}`, {
        method: 'POST',
        dispatcher,
        headers: { origin: front, ...(cookie ? { cookie } : {}) },
        body,
        redirect: 'manual',
      })
      const set = response.headers.get('set-cookie')
      if (set) cookie = set.split(';')[0]!
      const html = response.status === 303 ? '' : await response.text()
      return {
        status: response.status,
        location: response.headers.get('location'),
        problems: [
          ...[...html.matchAll(/data-problem="([^"]+)"/g)].map((match) => match[1]!),
          // The price checker says what stopped an add in its status line.
          ...[...html.matchAll(/<p\b(?=[^>]*role="status")(?=[^>]*class="form-status)[^>]*>([\s\S]*?)<\/p>/g)]
            .map((match) => unescapeHtml(match[1]!.replace(/<[^>]+>/g, '').trim()))
            .filter(Boolean),
        ],
        checkoutHidden: html.includes('name="idempotencyKey"') ? hiddenFields(html, 'idempotencyKey') : null,
      }
    } catch (error) {
      // The connection was cut: what a browser shows as a network error, and may send again.
      return { error: (error as Error).cause ? String((error as Error).cause) : String(error) }
    }
  }

  return {
    /** An iPhone 13 in the basket, as the model page's "Add to basket" posts it. */
    async fillBasket() {
      const html = await get(MODEL_PAGE)
      const form = [...html.matchAll(/<form\b[\s\S]*?<\/form>/g)]
        .map((match) => match[0])
        .find((text) => />\s*Add to basket\s*</.test(text))!
      const button = /<button\b[^>]*\sname="([^"]*)"[^>]*>[\s\S]*?Add to basket/.exec(form)!
      const answer = await post(MODEL_PAGE, {
        ...hiddenFields(form, 'model'),
        [unescapeHtml(button[1]!)]: '',
        ...GOOD_IPHONE_13,
      })
      if ('error' in answer || answer.status !== 303) throw new Error(`No basket: ${JSON.stringify(answer)}`)
    },
    /** The checkout form as the page gives it (its one-time key among its hidden fields), filled in. */
    async checkoutForm(email: string) {
      return { ...hiddenFields(await get('/complete-order'), 'idempotencyKey'), ...checkoutFields(email) }
    },
    checkout: (form: Record<string, string>) => post('/complete-order', form),
    close: () => dispatcher.close(),
  }
}
