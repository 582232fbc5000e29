import { getDeviceCatalogue } from '@/content/loaders'
import { deviceIndex } from '@/content/device-index'

// Built once and served from the cache; the catalogue's cache tags refresh it when prices change.
export const dynamic = 'force-static'

export async function GET() {
  return Response.json(deviceIndex(await getDeviceCatalogue()))
}
