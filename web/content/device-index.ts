import type { DeviceCatalogue } from './types'

/** One model as the device search and the mega-menus list it: what they show and where it leads. */
export type DeviceIndexEntry = {
  id: string
  /** Make and model together, so "apple" and "iphone 13" both find the iPhone 13. */
  title: string
  /** The model's own name, as the mega-menus list it under its make. */
  name: string
  make: string
  makeSlug: string
  category: 'phone' | 'tablet'
  href: string
  topPricePence: number
}

/** The whole catalogue flattened for the search and the menus, in menu order. */
export function deviceIndex(catalogue: DeviceCatalogue): DeviceIndexEntry[] {
  return catalogue.flatMap((make) =>
    make.models.map((model) => ({
      id: model._id,
      title: `${make.name} ${model.name}`,
      name: model.name,
      make: make.name,
      makeSlug: make.slug,
      category: model.category,
      href: model.href,
      topPricePence: model.topPricePence,
    })),
  )
}
