import type { PageSection } from '@/content/types'
import { ContactForm } from './section-leaves'

/** A CMS page's contact form section: its heading and text, then the form. */
type Props = { section: Extract<PageSection, { _type: 'contactFormSection' }> }

export function ContactFormSection({ section }: Props) {
  return (
    <section className="section" aria-labelledby={`s-${section._key}`}>
      <h2 id={`s-${section._key}`}>{section.heading}</h2>
      {section.intro ? <p className="section__intro">{section.intro}</p> : null}
      <ContactForm copy={section} />
    </section>
  )
}
