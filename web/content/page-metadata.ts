import type { Metadata } from 'next'
import type { SiteSettings } from './types'
import { shareImageUrl } from './image-url'
import { formatTitle } from '@/lib/templates'

type PageFacts = { title: string; description: string; path: string }

/**
 * Title, description, canonical address and share cards for one page, from its document (read
 * with withoutStega in draft preview, so these stay plain text).
 */
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
    // X reads the title and description from the Open Graph tags: they are not repeated for it.
    twitter: { card: 'summary_large_image', images },
  }
}

/** The site-wide defaults: the base for absolute URLs and the page-title pattern. */
export function siteMetadata(settings: SiteSettings): Metadata {
  return {
    metadataBase: new URL(settings.siteUrl),
    title: { default: settings.productName, template: formatTitle(settings.titleTemplate, '%s', settings.productName) },
    applicationName: settings.productName,
    formatDetection: { telephone: false },
  }
}

/** Metadata for an error page: its title, and kept out of search results. */
export function errorMetadata(title: string): Metadata {
  return { title, robots: { index: false } }
}
