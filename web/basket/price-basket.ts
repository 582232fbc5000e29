import type { ConditionGrade, PricedModel } from '@/content/types'
import { priceOf } from '@/lib/pricing'
import { formatStorage } from '@/lib/storage-size'
import type { BasketLineView, BasketView } from './types'

/** A stored basket line: what was chosen, never a price to trust. */
export type StoredLine = {
  id: string
  modelId: string
  variantKey: string
  gradeKey: string
  quantity: number
  addedPricePence: number
}

/**
 * Prices stored lines from the current catalogue: prices follow the catalogue until an order is
 * placed, and a line that the catalogue no longer prices counts for nothing.
 */
export function priceBasket(
  lines: readonly StoredLine[],
  models: readonly PricedModel[],
  grades: readonly ConditionGrade[],
  limit: number,
): BasketView {
  const modelById = new Map(models.map((model) => [model._id, model]))
  const gradeByKey = new Map(grades.map((grade) => [grade.key, grade]))
  const view = (line: StoredLine): BasketLineView => {
    const model = modelById.get(line.modelId)
    const variant = model?.variants.find((v) => v.key === line.variantKey)
    const pricePence = model ? priceOf(model, line.variantKey, line.gradeKey) : null
    return {
      id: line.id,
      device: [model?.make, model?.name ?? line.modelId, variant ? formatStorage(variant.storageGb) : null]
        .filter(Boolean)
        .join(' '),
      href: model?.href ?? null,
      gradeName: gradeByKey.get(line.gradeKey)?.name ?? line.gradeKey,
      quantity: line.quantity,
      pricePence,
      addedPricePence: line.addedPricePence,
      lineTotalPence: (pricePence ?? 0) * line.quantity,
    }
  }
  const priced = lines.map(view)
  const kept = priced.filter((line) => line.quantity > 0)
  return {
    lines: kept,
    removed: priced.filter((line) => line.quantity === 0),
    count: kept.reduce((sum, line) => sum + line.quantity, 0),
    totalPence: kept.reduce((sum, line) => sum + line.lineTotalPence, 0),
    limit,
  }
}
