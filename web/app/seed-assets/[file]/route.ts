import { listSeedAssets, readSeedAsset } from '@/content/seed-assets'

// The seed's images, served only when the site reads the seed (with Sanity, images come from its CDN).
export const dynamicParams = false

export async function generateStaticParams() {
  return (await listSeedAssets()).map((file) => ({ file }))
}

export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }) {
  const asset = await readSeedAsset((await params).file)
  if (!asset) return new Response(null, { status: 404 })
  return new Response(new Uint8Array(asset.body), {
    headers: {
      'Content-Type': asset.contentType,
      'Cache-Control': 'public, max-age=86400',
      // An SVG opened on its own must not run script.
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
    },
  })
}
