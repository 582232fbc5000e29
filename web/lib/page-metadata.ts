import type { Metadata } from 'next'
import type { SiteSettings } from '@/content/types'
import { sizedImageUrl } from '@/components/ui/content-image'

type PageFacts = { title: string; description: string; path: string }

/** Title, description, canonical address and share cards for one page, from its document. */
export function pageMetadata(settings: SiteSettings, { title, description, path }: PageFacts): Metadata {
  const url = new URL(path, settings.siteUrl).toString()
  const images = settings.shareImage.url
    ? [{ url: shareImageUrl(settings.shareImage.url), width: 1200, height: 630, alt: settings.shareImage.alt }]
    : undefined
  return {
    title,
    description,
    alternates: { canonical: url },
    openGraph: {
      type: 'website',
      locale: 'en_GB',
      siteName: settings.productName,
      url,
      title,
      description,
      images,
    },
    twitter: { card: 'summary_large_image', title, description, images },
  }
}

function shareImageUrl(src: string): string {
  if (!src.startsWith('https://cdn.sanity.io/')) return src
  const url = new URL(sizedImageUrl(src, 600))
  url.searchParams.set('h', '630')
  url.searchParams.set('fit', 'crop')
  url.searchParams.set('fm', 'jpg')
  return url.toString()
}
