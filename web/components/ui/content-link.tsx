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
  // Server output is sent as data too: an attribute left undefined would still go, as "$undefined".
  const classProps = className ? { className } : {}
  if (!link.href) return <span {...classProps}>{content}</span>
  if (link.external || /^(https?:|mailto:|tel:)/.test(link.href)) {
    return (
      <a {...classProps} href={link.href} {...(link.external ? { rel: 'noopener' } : {})}>
        {content}
      </a>
    )
  }
  return (
    <Link {...classProps} href={link.href}>
      {content}
    </Link>
  )
}
