import type { PageSection } from '@/content/types'
import { RichText } from './rich-text'

type Props = { section: Extract<PageSection, { _type: 'faqSection' }> }

/** Questions as native disclosure widgets: keyboard and screen-reader support without script. */
export function FaqSection({ section }: Props) {
  return (
    <section className="section" aria-labelledby={`s-${section._key}`}>
      <h2 id={`s-${section._key}`}>{section.heading}</h2>
      <div className="faq">
        {section.entries.map((entry) => (
          <details key={entry._key} className="faq__entry">
            <summary>{entry.question}</summary>
            <RichText value={entry.answer} />
          </details>
        ))}
      </div>
    </section>
  )
}
