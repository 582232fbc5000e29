import Link from 'next/link'
import { PortableText, type PortableTextComponents } from 'next-sanity'
import type { BlockContent } from '@/content/sanity.types'
import type { ResolvedSiteFact } from '@/content/site-facts'

const components: PortableTextComponents = {
  types: {
    // The loaders have written the fact's current value in; the phone and e-mail link.
    siteFact: ({ value }: { value: ResolvedSiteFact }) =>
      value.href ? <a href={value.href}>{value.text}</a> : <>{value.text}</>,
  },
  marks: {
    link: ({ value, children }) => {
      const href = (value as { href?: string } | undefined)?.href ?? ''
      return href.startsWith('/') ? <Link href={href}>{children}</Link> : <a href={href}>{children}</a>
    },
  },
}

/** Portable Text from the Studio, with internal links routed by Next and site facts written in. */
export function RichText({ value }: { value: BlockContent }) {
  return (
    <div className="prose">
      <PortableText value={value} components={components} />
    </div>
  )
}
