import type { DeviceChecklist, PricedModel } from '@/content/types'
import { checklistFor } from './checklist'
import { priceOf } from '@/lib/pricing'

/**
 * What the site publishes today for a checked device: the price the price checker would quote for
 * its model and storage at the grade the check found (the grade chosen until then). The revise form
 * offers it, and a revised offer at it needs no reason. Null when the catalogue no longer prices it.
 */
export function publishedPence(
  item: { modelId: string; variantKey: string; gradeKey: string; foundGradeKey: string | null },
  models: readonly PricedModel[],
): number | null {
  const model = models.find((candidate) => candidate._id === item.modelId)
  return model ? priceOf(model, item.variantKey, item.foundGradeKey ?? item.gradeKey) : null
}

/** The order's devices as the staff forms read them, each with its published price. */
export function withPublishedPrices<T extends Parameters<typeof publishedPence>[0]>(
  items: readonly T[],
  models: readonly PricedModel[],
): Array<T & { publishedPence: number | null }> {
  return items.map((item) => ({ ...item, publishedPence: publishedPence(item, models) }))
}

/**
 * The order's devices as the check form reads them: each with the checklist for its kind of device
 * and its published price in every grade (the grade found decides which).
 */
export function withChecklists<T extends Parameters<typeof publishedPence>[0]>(
  items: readonly T[],
  models: readonly PricedModel[],
  lists: readonly DeviceChecklist[],
  gradeKeys: readonly string[],
) {
  return items.map((item) => {
    const model = models.find((candidate) => candidate._id === item.modelId)
    return {
      ...item,
      checklist: checklistFor(lists, model?.category)?.questions ?? [],
      pricedByGrade: Object.fromEntries(
        gradeKeys.map((grade) => [grade, publishedPence({ ...item, foundGradeKey: grade }, models)]),
      ),
    }
  })
}
