import type { DeviceCatalogue, PageSection } from '@/content/types'
import Link from 'next/link'
import { formatPence } from '@/lib/money'
import { fillTemplate } from '@/lib/templates'
import { modelsByMake } from '@/content/catalogue'

type Props = { section: Extract<PageSection, { _type: 'deviceCatalogueSection' }>; catalogue: DeviceCatalogue }

/**
 * Makes and their models from the catalogue, each model linking to its page with its top price:
 * every model of the section's kind, or only those its editor picked.
 */
export function DeviceCatalogueSection({ section, catalogue }: Props) {
  const makes = modelsByMake(catalogue, section.category, section.models)
  return (
    <section className="section" aria-labelledby={`s-${section._key}`}>
      <h2 id={`s-${section._key}`}>{section.heading}</h2>
      {section.intro ? <p className="section__intro">{section.intro}</p> : null}
      <div className="catalogue">
        {makes.map((make) => (
          <section
            key={make._id}
            className="catalogue__make"
            aria-labelledby={`make-${section._key}-${make.slug}`}
            id={make.slug}
          >
            <h3 id={`make-${section._key}-${make.slug}`}>{make.name}</h3>
            <ul className="catalogue__models">
              {make.models.map((model) => (
                <li key={model._id}>
                  <Link href={model.href}>
                    <span>{model.name}</span>
                    <span>{fillTemplate(section.priceTemplate, { price: formatPence(model.topPricePence) })}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </section>
  )
}
