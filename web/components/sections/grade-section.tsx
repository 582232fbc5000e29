import type { PageSection } from '@/content/types'

/** A CMS page's grade section: what each condition grade means. */
type Props = { section: Extract<PageSection, { _type: 'gradeSection' }> }

export function GradeSection({ section }: Props) {
  return (
    <section className="section" aria-labelledby={`s-${section._key}`}>
      <h2 id={`s-${section._key}`}>{section.heading}</h2>
      {section.intro ? <p className="section__intro">{section.intro}</p> : null}
      <ul className="grade-grid">
        {section.grades.map((grade) => (
          <li key={grade._key} className="card">
            <h3>{grade.name}</h3>
            <p className="card__summary">{grade.summary}</p>
            <ul className="ticks">
              {grade.criteria.map((criterion) => (
                <li key={criterion}>{criterion}</li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  )
}
