import type { MetadataRoute } from 'next'
import { getDeviceCatalogue, getPagePaths, getSiteSettings } from '@/content/loaders'
import { PER_VISITOR_PATHS } from '@/lib/per-visitor-paths'

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const [paths, catalogue, settings] = await Promise.all([getPagePaths(), getDeviceCatalogue(), getSiteSettings()])
  const models = catalogue.flatMap((make) => make.models.map((model) => model.href))
  // The basket and checkout are the visitor's own, and not for search engines.
  const pages = paths.filter((path) => !PER_VISITOR_PATHS.includes(path))
  return [...pages, ...models].map((path) => ({ url: new URL(path, settings.siteUrl).toString() }))
}
