import type { APIRequestContext, APIResponse } from '@playwright/test'
import { unescapeHtml as unescape } from '../../scripts/page-forms.mjs'

/** Text in an HTML attribute or element, as the browser reads it. */
export { unescape }

/**
 * Posts a page's form as a browser running no scripts does: the page is fetched, the form is found
 * (the one holding a field named `form`, or whose button says `button`, or else the page's first
 * form with a server action), and its hidden fields (Next's `$ACTION_…` ones, tokens), with the
 * pressed button's name when it has one, are sent back with `fields`, multipart, to the page's own
 * address. The answer is not followed: a 303 says where the action sent the visitor,
 * and a page says what went wrong in its error summary (`data-problem` on each item).
 */
export async function postPageForm(
  request: APIRequestContext,
  path: string,
  fields: Record<string, string>,
  options: PostOptions = {},
): Promise<PostedForm> {
  const form = await readPageForm(request, path, options)
  const origin = options.origin === undefined ? form.origin : options.origin
  return sendPageForm(request, path, { ...form.hidden, ...fields }, { headers: options.headers, origin })
}

/**
 * The form's hidden fields as the page gives them (Next's `$ACTION_…` ones, tokens, one-time keys),
 * and the page's origin: what a browser holds once the page is open, to send once or again later
 * (a retry, a double click, the back button), or for someone else to forge a post with.
 */
export async function readPageForm(
  request: APIRequestContext,
  path: string,
  options: Pick<PostOptions, 'form' | 'button' | 'headers'> = {},
): Promise<{ hidden: Record<string, string>; origin: string }> {
  const page = await request.get(path, { headers: options.headers ?? {} })
  const html = await page.text()
  // A page that sent its visitor elsewhere (a signed-in seller at /login) holds another page's
  // forms: posting one of those to this address would test nothing.
  const landed = new URL(page.url())
  if (landed.pathname !== new URL(path, landed).pathname) {
    throw new Error(`GET ${path} was sent on to ${landed.pathname}${landed.search}: no form of its own to post`)
  }
  const form = findForm(html, options, path)
  return { hidden: { ...hiddenFields(form), ...submitter(form, options.button) }, origin: landed.origin }
}

/** Sends `fields` (hidden ones included) multipart to `path`, as a browser running no scripts does. */
export async function sendPageForm(
  request: APIRequestContext,
  path: string,
  fields: Record<string, string>,
  options: { headers?: Record<string, string>; origin?: string | null } = {},
): Promise<PostedForm> {
  const origin = options.origin
  const response = await request.post(path, {
    headers: { ...(origin ? { origin } : {}), ...(options.headers ?? {}) },
    multipart: fields,
    maxRedirects: 0,
  })
  return answerOf(response)
}

export type PostOptions = {
  /** The name of a field only the wanted form has (`confirm`, `everywhere`, `reference`). */
  form?: string
  /** Or the words on the wanted form's button (`Sign out`, `Send the link again`). */
  button?: string
  /** Sent with both the page's GET and the post (`x-forwarded-for`, `x-forwarded-proto`). */
  headers?: Record<string, string>
  /** The Origin the post carries: the page's own unless given; null for none. */
  origin?: string | null
}

export type PostedForm = {
  status: number
  /** Where a 303 sends the visitor, as a path. */
  location: string | null
  /** The problems the page came back with: their codes and the words shown. */
  problems: Array<{ code: string; message: string }>
  html: string
  response: APIResponse
}

export async function answerOf(response: APIResponse): Promise<PostedForm> {
  const html = response.status() === 303 ? '' : await response.text()
  const location = response.headers()['location'] ?? null
  return { status: response.status(), location, problems: problemsIn(html), html, response }
}

/** The problems a page shows: each error summary item, or a form's own notice, with its code. */
export function problemsIn(html: string): Array<{ code: string; message: string }> {
  return [...html.matchAll(/<(?:a|p)\b[^>]*data-problem="([^"]+)"[^>]*>([\s\S]*?)<\/(?:a|p)>/g)].map((match) => ({
    code: match[1]!,
    message: unescape(match[2]!.replace(/<[^>]+>/g, '').trim()),
  }))
}

function findForm(html: string, { form: field, button }: PostOptions, path: string): string {
  const forms = [...html.matchAll(/<form\b[\s\S]*?<\/form>/g)].map((match) => match[0])
  const found = forms.find((form) =>
    field
      ? new RegExp(`name="${escapeRegExp(field)}"`).test(form)
      : button
        ? buttonSaying(form, button) !== undefined
        : form.includes('$ACTION_'),
  )
  if (!found) {
    const which = field ? ` with a field "${field}"` : button ? ` with a button "${button}"` : ''
    throw new Error(`No form${which} on ${path}`)
  }
  return found
}

/** The start tag of the form's button whose words are `button`. */
function buttonSaying(form: string, button: string): string | undefined {
  // A button's content may hold elements (React puts a server action's hidden fields there).
  return [...form.matchAll(/(<button\b[^>]*>)([\s\S]*?)<\/button>/g)].find(
    (match) => unescape(match[2]!.replace(/<[^>]+>/g, '').trim()) === button,
  )?.[1]
}

/**
 * What the pressed button adds to the form, as a browser sends it: its name and value, if it has a
 * name (React names a button whose `formAction` is a server action `$ACTION_REF_…`).
 */
function submitter(form: string, button: string | undefined): Record<string, string> {
  const tag = button === undefined ? undefined : buttonSaying(form, button)
  const name = tag && /\sname="([^"]*)"/.exec(tag)?.[1]
  return name ? { [unescape(name)]: unescape(/\svalue="([^"]*)"/.exec(tag)?.[1] ?? '') } : {}
}

function hiddenFields(form: string): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const [input] of form.matchAll(/<input\b[^>]*>/g)) {
    if (!/type="hidden"/.test(input)) continue
    const name = /name="([^"]*)"/.exec(input)?.[1]
    if (name) fields[unescape(name)] = unescape(/value="([^"]*)"/.exec(input)?.[1] ?? '')
  }
  return fields
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
