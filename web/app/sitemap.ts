import type { MetadataRoute } from 'next'
import { getPagePaths, getSiteSettings } from '@/content/loaders'

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const [paths, settings] = await Promise.all([getPagePaths(), getSiteSettings()])
  return paths.map((path) => ({ url: new URL(path, settings.siteUrl).toString() }))
}
