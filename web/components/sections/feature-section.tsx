import type { PageSection } from '@/content/types'

/** A CMS page's feature section: a heading and its features. */
type Props = { section: Extract<PageSection, { _type: 'featureSection' }> }

export function FeatureSection({ section }: Props) {
  return (
    <section className="section" aria-labelledby={`s-${section._key}`}>
      <h2 id={`s-${section._key}`}>{section.heading}</h2>
      <ul className="feature-grid">
        {section.features.map((feature) => (
          <li key={feature._key} className="card">
            <h3>{feature.title}</h3>
            <p>{feature.text}</p>
          </li>
        ))}
      </ul>
    </section>
  )
}
