import Link from 'next/link'
import type { Breadcrumb } from '@/content/types'

/** The breadcrumb trail of a page, as a labelled navigation list. */
type Props = { crumbs: Breadcrumb[]; label: string }

export function Breadcrumbs({ crumbs, label }: Props) {
  if (crumbs.length < 2) return null
  return (
    <nav className="breadcrumbs" aria-label={label}>
      <ol>
        {crumbs.map((crumb, index) => (
          <li key={crumb.path}>
            {index === crumbs.length - 1 ? (
              <span aria-current="page">{crumb.title}</span>
            ) : (
              <Link href={crumb.path}>{crumb.title}</Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  )
}
