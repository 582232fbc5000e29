import type { PageSection } from '@/content/types'

/** A CMS page's steps section: how selling works, step by step. */
type Props = { section: Extract<PageSection, { _type: 'stepsSection' }> }

export function StepsSection({ section }: Props) {
  return (
    <section className="section" aria-labelledby={`s-${section._key}`}>
      <h2 id={`s-${section._key}`}>{section.heading}</h2>
      <ol className="steps">
        {section.steps.map((step) => (
          <li key={step._key} className="steps__item">
            <h3>{step.title}</h3>
            <p>{step.text}</p>
          </li>
        ))}
      </ol>
    </section>
  )
}
