import path from 'node:path'
import { parseArgs } from 'node:util'
import { studioEnv } from '../studio/env'
import { openDataset } from './dataset'
import { createContentApiServer } from './http/server'
import { ensureCertificate } from './http/tls'
import { sendWebhooks } from './webhook'

/**
 * `npm run content-api`: serves the seed dataset (or the NDJSON file named with --file) as
 * Sanity's HTTP API on https://<projectId>.localhost:<port>, writing every edit back to the file.
 */
const { values } = parseArgs({
  options: {
    file: { type: 'string', default: process.env.CONTENT_API_FILE ?? 'studio/seed/data.ndjson' },
    port: { type: 'string', default: process.env.CONTENT_API_PORT ?? '3434' },
    // The Studio's own project and dataset, so both agree without further settings.
    'project-id': { type: 'string', default: studioEnv.projectId },
    dataset: { type: 'string', default: studioEnv.dataset },
    'cert-dir': { type: 'string', default: path.join('.data', 'content-api') },
    // The site's /api/revalidate: each publish is sent there, signed with SANITY_REVALIDATE_SECRET.
    webhook: { type: 'string', default: process.env.CONTENT_API_WEBHOOK_URL },
  },
})

const webhookSecret = process.env.SANITY_REVALIDATE_SECRET?.trim()
if (values.webhook && !webhookSecret) {
  console.error('--webhook needs SANITY_REVALIDATE_SECRET: the same secret the site was started with.')
  process.exit(1)
}

const port = Number(values.port)
const projectId = values['project-id']
const host = `${projectId}.localhost:${port}`
const tls = ensureCertificate(values['cert-dir'], [`${projectId}.localhost`])
const data = openDataset({
  file: values.file,
  projectId,
  dataset: values.dataset,
  assetBaseUrl: `https://${host}`,
})
const api = createContentApiServer({ data, projectId, datasetName: values.dataset, tls })
if (values.webhook && webhookSecret) sendWebhooks(data.store, { url: values.webhook, secret: webhookSecret })

async function main() {
  await api.listen(port)
  console.log(`Local content API: https://${host} (project "${projectId}", dataset "${values.dataset}")
Serving and writing back: ${data.file} (${data.store.all().length} documents)
TLS certificate (self-signed; trust it or start the browser with --ignore-certificate-errors): ${tls.certPath}
Point a Studio workspace at it with apiHost: 'https://localhost:${port}'.
${values.webhook ? `Each publish is sent, signed, to ${values.webhook}` : 'No webhook: give --webhook <site>/api/revalidate to refresh a running site on publish.'}
Unanswered requests are listed at https://${host}/__content-api/requests`)
}

const stop = () => void api.close().then(() => process.exit(0))
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
