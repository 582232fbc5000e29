import type { DeviceCatalogue } from '@/content/types'

/** One model as the device search lists it: what it shows and where it leads. */
export type DeviceIndexEntry = {
  id: string
  /** Make and model together, so "apple" and "iphone 13" both find the iPhone 13. */
  title: string
  make: string
  href: string
  topPricePence: number
}

/** The whole catalogue flattened for the search, in menu order. */
export function deviceIndex(catalogue: DeviceCatalogue): DeviceIndexEntry[] {
  return catalogue.flatMap((make) =>
    make.models.map((model) => ({
      id: model._id,
      title: `${make.name} ${model.name}`,
      make: make.name,
      href: model.href,
      topPricePence: model.topPricePence,
    })),
  )
}
