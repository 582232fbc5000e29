/** The basket as the browser and the pages see it: priced from the current catalogue, in pence. */
export type BasketLineView = {
  id: string
  /** Make, model and storage, for example "Apple iPhone 13 128GB". */
  device: string
  href: string | null
  gradeName: string
  quantity: number
  /** Today's price each, or null when the catalogue no longer prices this size and grade. */
  pricePence: number | null
  /** The price each when the line was first added, to tell the seller it has moved. */
  addedPricePence: number
  lineTotalPence: number
}

export type BasketView = {
  lines: BasketLineView[]
  /** Lines taken down to 0 a short while ago, which the seller can put back. */
  removed: BasketLineView[]
  count: number
  totalPence: number
  limit: number
}

export const EMPTY_BASKET = (limit: number): BasketView => ({ lines: [], removed: [], count: 0, totalPence: 0, limit })

/** What the basket API answers: the basket after the change, or why the change was refused. */
export type BasketResponse =
  | { ok: true; basket: BasketView }
  | {
      ok: false
      code: string
      message: string
      basket?: BasketView
    }
