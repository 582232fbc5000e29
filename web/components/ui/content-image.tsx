import { sizedImageUrl } from '@/content/image-url'

type Props = { src: string | null; alt: string; width: number; height: number; className?: string; eager?: boolean }

/**
 * Images from the content source: the seed's files locally, Sanity's image pipeline when a project
 * is configured (there the width and format are chosen by URL parameters).
 */
export function ContentImage({ src, alt, width, height, className, eager }: Props) {
  if (!src) return null
  return (
    // Sanity's CDN already resizes and converts images, so next/image would only add a second hop.
    // eslint-disable-next-line @next/next/no-img-element
    <img
      className={className}
      src={sizedImageUrl(src, width)}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
    />
  )
}
