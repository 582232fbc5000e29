import 'server-only'
import { getConditionGrades, getPriceList, getPricingRules } from '@/content/loaders'
import { quote, type Quote } from '@/lib/pricing'
import { addLine, changeQuantity, createBasket, findBasket } from '@/basket/store'
import { getDb } from '@/db/connection'
import { EMPTY_BASKET, type BasketView } from './types'
import { priceBasket } from './price-basket'
import { noteBasketUse } from './usage'

/** The sell flow's server side: a stored basket joined with the published price list. */

async function pricing() {
  const [models, grades, rules] = await Promise.all([getPriceList(), getConditionGrades(), getPricingRules()])
  return { models, grades, rules }
}

/** The visitor's basket, priced now; an empty one when the token is missing, unknown or expired. */
export async function readBasket(token: string | undefined): Promise<BasketView> {
  const { models, grades, rules } = await pricing()
  if (!token) return EMPTY_BASKET(rules.basketLimit)
  const found = await findBasket(await getDb(), token)
  if (found) noteBasketUse(found.id)
  return found ? priceBasket(found.lines, models, grades, rules.basketLimit) : EMPTY_BASKET(rules.basketLimit)
}

export type AddRequest = { model: string; storage: string | null; answers: Record<string, string | undefined> }

export type AddOutcome =
  | { kind: 'added'; token: string; basket: BasketView }
  | { kind: 'unknown-model' }
  | { kind: 'not-priced'; quote: Exclude<Quote, { kind: 'price' }>; modelHref: string }
  | { kind: 'limit'; limit: number; basket: BasketView; modelHref: string }

/**
 * Prices the device on the server from published content and adds it. Nothing the browser sends
 * sets a price: only the model, the storage size and the answers are read.
 */
export async function addToBasket(token: string | undefined, request: AddRequest): Promise<AddOutcome> {
  const { models, grades, rules } = await pricing()
  const model = models.find((candidate) => candidate._id === request.model)
  if (!model) return { kind: 'unknown-model' }
  const priced = quote(model, rules, grades, { variant: request.storage, answers: request.answers })
  if (priced.kind !== 'price') return { kind: 'not-priced', quote: priced, modelHref: model.href }

  const db = await getDb()
  const existing = token ? await findBasket(db, token) : null
  const basket = existing ?? (await createBasket(db))
  const chosen = Object.fromEntries(
    rules.questions.flatMap((q) => (request.answers[q.key] ? [[q.key, request.answers[q.key]!]] : [])),
  )
  const added = await addLine(
    db,
    basket.id,
    {
      modelId: model._id,
      variantKey: priced.variantKey,
      gradeKey: priced.gradeKey,
      answers: chosen,
      pricePence: priced.pence,
    },
    { limit: rules.basketLimit },
  )
  const current = existing ? token! : (basket as { token: string }).token
  const view = await readBasket(current)
  return added.status === 'limit'
    ? { kind: 'limit', limit: rules.basketLimit, basket: view, modelHref: model.href }
    : { kind: 'added', token: current, basket: view }
}

export type ChangeOutcome = { kind: 'ok' | 'limit' | 'not-found'; basket: BasketView }

/** One step of a line's quantity, never below 0 and never past the basket's limit. */
export async function changeBasketLine(
  token: string | undefined,
  lineId: string,
  change: 1 | -1,
): Promise<ChangeOutcome> {
  const { rules } = await pricing()
  const db = token ? await getDb() : null
  const found = db && token ? await findBasket(db, token) : null
  if (!db || !found) return { kind: 'not-found', basket: EMPTY_BASKET(rules.basketLimit) }
  const result = await changeQuantity(db, found.id, lineId, change, { limit: rules.basketLimit })
  return { kind: result, basket: await readBasket(token) }
}
