import { defineQuery } from 'groq'

/** The catalogue's queries: makes, models, their prices, the grades and the pricing rules. */
// A model's page: /sell-my-phone/<slug> or /sell-my-tab/<slug>.
const MODEL_HREF = `select(category == "tablet" => "/sell-my-tab/", "/sell-my-phone/") + slug.current`
// The "Up to" price everywhere is the model's highest price, so no second number can drift from it.
const TOP_PRICE = `math::max(variants[].prices[].pence)`
const PRICE_TABLE = `"variants": variants[] | order(storageGb asc){
    "key": _key,
    storageGb,
    "prices": prices[]{ "grade": grade->key.current, pence }
  }`

export const deviceCatalogueQuery = defineQuery(`*[_type == "deviceMake"] | order(order asc, name asc){
  _id,
  name,
  "slug": slug.current,
  "models": *[_type == "deviceModel" && make._ref == ^._id] | order(order asc, name asc){
    _id,
    name,
    "slug": slug.current,
    category,
    family,
    "href": ${MODEL_HREF},
    "topPricePence": ${TOP_PRICE}
  }
}`)

export const modelSlugsQuery = defineQuery(
  `*[_type == "deviceModel" && category == $category && defined(slug.current)] | order(slug.current asc).slug.current`,
)

export const modelPageQuery =
  defineQuery(`*[_type == "deviceModel" && category == $category && slug.current == $slug][0]{
  _id,
  name,
  "slug": slug.current,
  category,
  "make": make->name,
  "href": ${MODEL_HREF},
  "topPricePence": ${TOP_PRICE},
  "image": image{
    "src": asset->url,
    "alt": coalesce(alt, ""),
    "width": asset->metadata.dimensions.width,
    "height": asset->metadata.dimensions.height
  },
  ${PRICE_TABLE}
}`)

/** Every model's price table: what the server prices baskets with. */
export const priceListQuery = defineQuery(`*[_type == "deviceModel"]{
  _id,
  // The revision a price was read from, recorded with each device sold (seed documents have none).
  "revision": coalesce(_rev, "seed"),
  name,
  "make": make->name,
  category,
  "href": ${MODEL_HREF},
  ${PRICE_TABLE}
}`)

export const conditionGradesQuery = defineQuery(`*[_type == "conditionGrade"] | order(rank asc){
  "key": key.current,
  rank,
  name,
  summary
}`)

/** The checklists staff answer at the check, one per kind of device, with each answer's effect. */
export const deviceChecklistsQuery = defineQuery(`*[_type == "deviceChecklist"]{
  category,
  questions[]{
    key,
    question,
    help,
    answers[]{ key, label, effect, "grade": grade->key.current, percent, stopKind, stopWords }
  }
}`)

export const pricingRulesQuery = defineQuery(`*[_type == "pricingRules" && _id == "pricingRules"][0]{
  priceHoldDays,
  basketLimit,
  collectionMinimum,
  questions[]{
    key,
    question,
    help,
    answers[]{ key, label, effect, "grade": grade->key.current, refusal }
  }
}`)

export const searchItemsQuery = defineQuery(`*[_type == "shopItem"] | order(itemId asc){
  "id": itemId,
  title,
  brand,
  "thumbnailUrl": thumbnail.asset->url,
  "thumbnailAlt": coalesce(thumbnail.alt, "")
}`)

/** Every model's best price as published, for price alerts (read live, past every cache). */
export const modelTopPricesQuery = defineQuery(`*[_type == "deviceModel" && defined(slug.current)]{
  _id,
  "name": make->name + " " + name,
  "href": ${MODEL_HREF},
  "topPricePence": ${TOP_PRICE}
}`)

/**
 * Every published model's id: one cached query that a price alert's model is checked against
 * before anything is read about it, so a made-up id never becomes a cached query of its own.
 */
export const publishedModelIdsQuery = defineQuery(
  `*[_type == "deviceModel" && defined(slug.current) && !(_id in path("drafts.**"))]._id`,
)

/** One model's name and best price, for a price alert's request and its confirmation. */
export const modelForAlertQuery = defineQuery(`*[_type == "deviceModel" && _id == $id && defined(slug.current)][0]{
  _id,
  "name": make->name + " " + name,
  "href": ${MODEL_HREF},
  "topPricePence": ${TOP_PRICE}
}`)
