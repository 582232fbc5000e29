import type { PageSection } from '@/content/types'
import { RichText } from './rich-text'

/** A CMS page's rich text section, rendered with Portable Text. */
type Props = { section: Extract<PageSection, { _type: 'richTextSection' }> }

export function RichTextSection({ section }: Props) {
  return (
    <section className="section" aria-labelledby={section.heading ? `s-${section._key}` : undefined}>
      {section.heading ? <h2 id={`s-${section._key}`}>{section.heading}</h2> : null}
      <RichText value={section.body} />
    </section>
  )
}
