import type { DeviceCatalogue } from '@/content/types'

export type CatalogueCategory = 'phone' | 'tablet' | 'all'

/** The makes that have models in a category, each with only those models, in menu order. */
export function modelsByMake(catalogue: DeviceCatalogue, category: CatalogueCategory): DeviceCatalogue {
  return catalogue
    .map((make) => ({
      ...make,
      models: make.models.filter((model) => category === 'all' || model.category === category),
    }))
    .filter((make) => make.models.length > 0)
}
