import Link from 'next/link'
import type { ReactNode } from 'react'

type Props = {
  /** The page's own classes, beside `admin`. */
  className?: string
  /** The link back up, its words from the content; a page reached only from a link sent has none. */
  back?: { href: string; label: string }
  heading: ReactNode
  headingClassName?: string
  /** The line under the heading. */
  intro?: ReactNode
  children: ReactNode
}

/** Every staff page's frame: the link back, the heading and the line under it, then the page. */
export function StaffPage({ className, back, heading, headingClassName, intro, children }: Props) {
  return (
    <article className={className ? `admin ${className}` : 'admin'}>
      {back ? (
        <p>
          <Link href={back.href}>{back.label}</Link>
        </p>
      ) : null}
      <header className="page__header">
        <h1 className={headingClassName}>{heading}</h1>
        {intro !== undefined ? <p className="page__intro">{intro}</p> : null}
      </header>
      {children}
    </article>
  )
}
