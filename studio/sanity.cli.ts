import { defineCliConfig } from 'sanity/cli'
import { studioEnv } from './env'

export default defineCliConfig({
  api: { projectId: studioEnv.projectId, dataset: studioEnv.dataset },
  // Offline builds fail when the CLI tries to fetch the auto-updating Studio bundle.
  deployment: { autoUpdates: false },
  typegen: {
    path: '../web/**/*.{ts,tsx}',
    schema: 'schema.json',
    generates: '../web/content/sanity.types.ts',
    overloadClientMethods: true,
  },
})
