import type { MetadataRoute } from 'next'
import { getSiteSettings } from '@/content/loaders'

/** robots.txt: every page open to crawlers but the APIs, and where the sitemap is. */
export default async function robots(): Promise<MetadataRoute.Robots> {
  const settings = await getSiteSettings()
  return {
    rules: { userAgent: '*', allow: '/', disallow: ['/api/'] },
    sitemap: new URL('/sitemap.xml', settings.siteUrl).toString(),
  }
}
