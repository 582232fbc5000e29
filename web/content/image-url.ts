/**
 * Addresses for images from the content source. Seed images are plain files and are served as
 * they are; Sanity's image pipeline resizes and converts by URL parameters.
 */
const SANITY_CDN = 'https://cdn.sanity.io/'

/** An image at twice `width` CSS pixels (for high-density screens), in the browser's best format. */
export function sizedImageUrl(src: string, width: number): string {
  if (!src.startsWith(SANITY_CDN)) return src
  const url = new URL(src)
  url.searchParams.set('w', String(width * 2))
  url.searchParams.set('auto', 'format')
  url.searchParams.set('fit', 'max')
  return url.toString()
}

/** A share card: 1200×630, cropped, as JPEG, which every social network accepts. */
export function shareImageUrl(src: string): string {
  if (!src.startsWith(SANITY_CDN)) return src
  const url = new URL(sizedImageUrl(src, 600))
  url.searchParams.set('h', '630')
  url.searchParams.set('fit', 'crop')
  url.searchParams.set('fm', 'jpg')
  return url.toString()
}
