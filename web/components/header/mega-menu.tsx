import Link from 'next/link'
import type { DeviceCatalogue, Navigation } from '@/content/types'
import { modelsByMake } from '@/lib/catalogue'
import { fillTemplate } from '@/lib/templates'
import { ContentLink } from '../ui/content-link'

const MODELS_PER_MAKE = 6

type Props = {
  catalogue: DeviceCatalogue
  category: 'phone' | 'tablet'
  baseHref: string
  allModelsLabel: string
  promo: Navigation['promo']
}

/** Makes and their newest models, each linking to its own page, beside the promo box. */
export function MegaMenu({ catalogue, category, baseHref, allModelsLabel, promo }: Props) {
  return (
    <div className="mega">
      <div className="mega__makes">
        {modelsByMake(catalogue, category).map((make) => (
          <div key={make._id} className="mega__make">
            <p className="mega__make-name">{make.name}</p>
            <ul>
              {make.models.slice(0, MODELS_PER_MAKE).map((model) => (
                <li key={model._id}>
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
