'use client'

import Link from 'next/link'
import { useEffect } from 'react'
import type { Navigation } from '@/content/types'
import type { DeviceIndexEntry } from '@/content/device-index'
import { fillTemplate } from '@/lib/templates'
import { ContentLink } from '../ui/content-link'
import { useDeviceIndex } from './use-device-index'

const MODELS_PER_MAKE = 6

export type MegaMenuProps = {
  category: 'phone' | 'tablet'
  baseHref: string
  allModelsLabel: string
  promo: Navigation['promo']
}

type Make = { slug: string; name: string; models: DeviceIndexEntry[] }

/** The makes of one category, in menu order, each with its models in menu order. */
function makesOf(devices: DeviceIndexEntry[], category: MegaMenuProps['category']): Make[] {
  const makes = new Map<string, Make>()
  for (const device of devices) {
    if (device.category !== category) continue
    const make = makes.get(device.makeSlug) ?? { slug: device.makeSlug, name: device.make, models: [] }
    make.models.push(device)
    makes.set(device.makeSlug, make)
  }
  return [...makes.values()]
}

/**
 * Makes and their newest models, each linking to its own page, beside the promo box. The models
 * come from the cached device list, fetched when a menu first opens, not from the page.
 */
export function MegaMenu({ category, baseHref, allModelsLabel, promo }: MegaMenuProps) {
  const { devices, load } = useDeviceIndex()
  useEffect(load, [load])
  return (
    <div className="mega">
      <div className="mega__makes">
        {makesOf(devices, category).map((make) => (
          <div key={make.slug} className="mega__make">
            <p className="mega__make-name">{make.name}</p>
            <ul>
              {make.models.slice(0, MODELS_PER_MAKE).map((model) => (
                <li key={model.id}>
                  <Link href={model.href}>{model.name}</Link>
                </li>
              ))}
              <li>
                <Link className="mega__all" href={`${baseHref}#${make.slug}`}>
                  {fillTemplate(allModelsLabel, { make: make.name })}
                </Link>
              </li>
            </ul>
          </div>
        ))}
      </div>
      <aside className="mega__promo">
        <p className="mega__promo-heading">{promo.heading}</p>
        {promo.text ? <p>{promo.text}</p> : null}
        <ContentLink link={promo.cta} className="button button--primary" />
      </aside>
    </div>
  )
}
