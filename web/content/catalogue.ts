import type { DeviceCatalogue } from './types'

export type CatalogueCategory = 'phone' | 'tablet' | 'all'

/**
 * The makes that have models in a category, each with only those models, in menu order; only the
 * models whose ids are in `picked`, when it names any.
 */
export function modelsByMake(
  catalogue: DeviceCatalogue,
  category: CatalogueCategory,
  picked: readonly string[] = [],
): DeviceCatalogue {
  const shown = new Set(picked)
  return catalogue
    .map((make) => ({
      ...make,
      models: make.models.filter(
        (model) => (category === 'all' || model.category === category) && (!shown.size || shown.has(model._id)),
      ),
    }))
    .filter((make) => make.models.length > 0)
}
