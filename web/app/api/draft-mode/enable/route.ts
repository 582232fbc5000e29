import { defineEnableDraftMode } from 'next-sanity/draft-mode'
import { readContentSource, readPreviewConfig } from '@/config'
import { draftClient } from '@/content/sanity-client'
import { jsonResponse } from '@/http/json-request'

/**
 * Presentation in the Studio opens the site here with a one-time secret; a valid secret turns on
 * Next's draft mode for that editor. The seed has no drafts, so in seed mode this does nothing.
 */
export async function GET(request: Request): Promise<Response> {
  const source = readContentSource()
  const preview = readPreviewConfig()
  if (source.kind !== 'sanity' || !preview) {
    return jsonResponse(404, {
      ok: false,
      code: 'preview_unavailable',
      message: 'Draft preview needs a Sanity project and SANITY_API_READ_TOKEN.',
    })
  }
  return defineEnableDraftMode({ client: draftClient(source, preview) }).GET(request)
}
