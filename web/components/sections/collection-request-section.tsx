import type { PageSection } from '@/content/types'
import { CollectionRequestForm } from './section-leaves'

/** A CMS page's business collection section: its heading and text, then the form. */
type Props = { section: Extract<PageSection, { _type: 'collectionRequestSection' }> }

export function CollectionRequestSection({ section }: Props) {
  return (
    <section className="section" aria-labelledby={`s-${section._key}`}>
      <h2 id={`s-${section._key}`}>{section.heading}</h2>
      <p className="section__intro">{section.intro}</p>
      <CollectionRequestForm copy={section} />
    </section>
  )
}
