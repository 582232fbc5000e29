import { visionTool } from '@sanity/vision'
import { defineConfig } from 'sanity'
import { presentationTool } from 'sanity/presentation'
import { structureTool } from 'sanity/structure'
import { resolve } from './presentation'
import { schemaTypes, singletonTypes } from './schemaTypes'
import { structure } from './structure'
import { studioEnv } from './env'

const singletons = new Set<string>(singletonTypes)
const singletonActions = new Set(['publish', 'discardChanges', 'restore'])

/**
 * Against the local content API: its host, and none of the hosted features it does not offer
 * (releases, scheduling, tasks, comments, announcements), so the Studio does not show them.
 */
function localApi(apiHost: string) {
  const off = { enabled: false }
  return {
    apiHost,
    releases: off,
    scheduledDrafts: off,
    scheduledPublishing: off,
    tasks: off,
    announcements: off,
  }
}

export default defineConfig({
  name: 'default',
  title: 'Buy-back site content',
  projectId: studioEnv.projectId,
  dataset: studioEnv.dataset,
  ...(studioEnv.localApiHost ? localApi(studioEnv.localApiHost) : {}),
  plugins: [
    structureTool({ structure }),
    presentationTool({
      resolve,
      previewUrl: { origin: studioEnv.previewOrigin, previewMode: { enable: '/api/draft-mode/enable' } },
    }),
    visionTool({ defaultApiVersion: studioEnv.apiVersion }),
  ],
  schema: {
    types: schemaTypes,
    // Singletons are created once, at their fixed id, from the structure; never from "New document".
    templates: (templates) => templates.filter(({ schemaType }) => !singletons.has(schemaType)),
  },
  document: {
    ...(studioEnv.localApiHost ? { comments: { enabled: false } } : {}),
    actions: (actions, { schemaType }) =>
      singletons.has(schemaType) ? actions.filter(({ action }) => action && singletonActions.has(action)) : actions,
    newDocumentOptions: (options, { creationContext }) =>
      creationContext.type === 'global' ? options.filter(({ templateId }) => !singletons.has(templateId)) : options,
  },
})
