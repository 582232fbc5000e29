import type { PageSection } from '@/content/types'
import { ContentLink } from '../ui/content-link'

/** A CMS page's hero section: its heading (the page's first), text, image and call to action. */
type Props = { section: Extract<PageSection, { _type: 'heroSection' }>; headingLevel: 'h1' | 'h2' }

export function HeroSection({ section, headingLevel: Heading }: Props) {
  return (
    <section className="hero">
      <Heading className="hero__heading">{section.heading}</Heading>
      {section.text ? <p className="hero__text">{section.text}</p> : null}
      {section.actions.length ? (
        <p className="hero__actions">
          {section.actions.map((action, index) => (
            <ContentLink
              key={action._key}
              link={action}
              className={index === 0 ? 'button button--primary' : 'button button--secondary'}
            />
          ))}
        </p>
      ) : null}
    </section>
  )
}
