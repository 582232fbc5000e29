// The Studio reads SANITY_STUDIO_* variables (from the shell or studio/.env). Without a project the
// Studio still builds and validates its schema offline; it needs a real project id to open content.
export const studioEnv = {
  projectId: process.env.SANITY_STUDIO_PROJECT_ID || 'unconfigured',
  dataset: process.env.SANITY_STUDIO_DATASET || 'production',
  apiVersion: process.env.SANITY_STUDIO_API_VERSION || '2025-09-01',
  // The site that the Presentation tool previews, with draft mode, beside the editor.
  previewOrigin: process.env.SANITY_STUDIO_PREVIEW_URL || 'http://localhost:3000',
  // The local content API (`npm run studio:local` sets it, e.g. https://localhost:3434): the Studio
  // then calls https://<projectId>.localhost:3434 instead of Sanity's servers.
  localApiHost: process.env.SANITY_STUDIO_LOCAL_API_HOST?.trim() || undefined,
}
