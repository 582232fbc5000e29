import { PAGE_PATH } from '@rules/page-path'
import { fetchQuery } from './fetch-query'
import { pagePathsQuery } from './queries'
import { modelSlugsQuery } from './catalogue-queries'

/**
 * Whether an address names something published: a page, or a model's page (and its price page).
 * The proxy asks, so that an address naming nothing is answered by the compiled not-found page
 * (see proxy.ts). Read live, past the data cache, and kept in this process for at most a minute;
 * an address not in the copy reads the content again first (at most once a second), so a page
 * published a moment ago is found at once.
 */
const MODEL_ROUTES = { 'sell-my-phone': 'phone', 'sell-my-tab': 'tablet' } as const
const KEEP_MS = 60_000
const REREAD_UNKNOWN_MS = 1_000

type Published = { pages: Set<string>; phone: Set<string>; tablet: Set<string> }
let copy: { at: number; read: Promise<Published> } | null = null

async function readPublished(): Promise<Published> {
  const [pages, phone, tablet] = await Promise.all([
    fetchQuery(pagePathsQuery, { live: true }),
    fetchQuery(modelSlugsQuery, { params: { category: 'phone' }, live: true }),
    fetchQuery(modelSlugsQuery, { params: { category: 'tablet' }, live: true }),
  ])
  return { pages: new Set(pages), phone: new Set(phone), tablet: new Set(tablet) }
}

function published(now: number, maxAge: number): Promise<Published> {
  if (!copy || now - copy.at > maxAge) {
    const read = readPublished()
    copy = { at: now, read }
    // A failed read is not kept: the next question reads again.
    read.catch(() => {
      if (copy?.read === read) copy = null
    })
  }
  return copy.read
}

function names(list: Published, path: string): boolean {
  const [first, model, rest, ...more] = path.split('/').slice(1)
  const category = MODEL_ROUTES[first as keyof typeof MODEL_ROUTES]
  if (category && model !== undefined) {
    return list[category].has(model) && (rest === undefined || (rest === 'price' && more.length === 0))
  }
  return list.pages.has(path)
}

/** False only when the address surely names nothing; an address in another shape is never a page. */
export async function namesPublished(path: string, now = Date.now()): Promise<boolean> {
  const trimmed = path.length > 1 ? path.replace(/\/$/, '') : path
  if (!PAGE_PATH.test(trimmed)) return false
  if (names(await published(now, KEEP_MS), trimmed)) return true
  return names(await published(now, REREAD_UNKNOWN_MS), trimmed)
}
