import Link from 'next/link'
import { PortableText, type PortableTextComponents } from 'next-sanity'
import type { BlockContent } from '@/content/sanity.types'

const components: PortableTextComponents = {
  marks: {
    link: ({ value, children }) => {
      const href = (value as { href?: string } | undefined)?.href ?? ''
      return href.startsWith('/') ? <Link href={href}>{children}</Link> : <a href={href}>{children}</a>
    },
  },
}

/** Portable Text from the Studio, with internal links routed by Next. */
export function RichText({ value }: { value: BlockContent }) {
  return (
    <div className="prose">
      <PortableText value={value} components={components} />
    </div>
  )
}
