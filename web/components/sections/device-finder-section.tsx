import Link from 'next/link'
import type { DeviceCatalogue, PageSection } from '@/content/types'
import { formatPence } from '@/lib/money'
import { fillTemplate } from '@/lib/templates'
import { DeviceFinder } from './device-finder'

type Props = { section: Extract<PageSection, { _type: 'deviceFinderSection' }>; catalogue: DeviceCatalogue }

/** Find a device: search by name, or open a make and choose the model (which needs no scripts). */
export function DeviceFinderSection({ section, catalogue }: Props) {
  return (
    <section className="section" aria-labelledby={`s-${section._key}`}>
      <h2 id={`s-${section._key}`}>{section.heading}</h2>
      {section.intro ? <p className="section__intro">{section.intro}</p> : null}
      <DeviceFinder copy={section} />
      <h3>{section.byMakeHeading}</h3>
      <div className="finder__makes">
        {catalogue.map((make) => (
          <details key={make._id} className="finder__make">
            <summary>{make.name}</summary>
            <ul className="catalogue__models">
              {make.models.map((model) => (
                <li key={model._id}>
                  <Link href={model.href}>
                    <span>{model.name}</span>
                    <span>{fillTemplate(section.priceLine, { price: formatPence(model.topPricePence) })}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </details>
        ))}
      </div>
    </section>
  )
}
