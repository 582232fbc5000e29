import Link from 'next/link'
import type { ReactNode } from 'react'
import type { ResolvedLink } from '@/content/types'

type Props = {
  link: ResolvedLink
  className?: string
  children?: ReactNode
}

/** A link from the content model: internal routes, other sites, or plain text when there is no target. */
export function ContentLink({ link, className, children }: Props) {
  const content = children ?? link.label
  if (!link.href) return <span className={className}>{content}</span>
  if (link.external || /^(https?:|mailto:|tel:)/.test(link.href)) {
    return (
      <a className={className} href={link.href} rel={link.external ? 'noopener' : undefined}>
        {content}
      </a>
    )
  }
  return (
    <Link className={className} href={link.href}>
      {content}
    </Link>
  )
}
