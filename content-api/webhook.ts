import { encodeSignatureHeader } from '@sanity/webhook'
import type { Commit, DocumentStore } from './document-store'
import { publishedIdOf } from './ids'

export type WebhookOptions = {
  /** The site's revalidation route, e.g. http://localhost:3000/api/revalidate. */
  url: string
  /** The secret the site checks the signature with (its SANITY_REVALIDATE_SECRET). */
  secret: string
}

export type Delivery = { id: string; type: string; status: number | null; ms: number; error?: string }

/**
 * The call Sanity's GROQ-powered webhook makes when a published document is created, updated or
 * deleted: one POST per document, its body the projection `{_type, _id}`, signed with the
 * secret in the `sanity-webhook-signature` header. Drafts and versions change nothing the public
 * sees, and asset documents are not content, so neither is sent. Deliveries run in commit
 * order; a site that is down gets a warning, not a retry.
 */
export function sendWebhooks(
  store: DocumentStore,
  options: WebhookOptions,
  onDelivery: (delivery: Delivery) => void = report,
): () => void {
  let queue = Promise.resolve()
  return store.subscribe((commit) => {
    for (const body of publishedChanges(commit)) {
      queue = queue.then(() => deliver(options, body).then(onDelivery))
    }
  })
}

function publishedChanges(commit: Commit): Array<{ _type: string; _id: string }> {
  return commit.changes.flatMap(({ id, before, after }) => {
    const document = after ?? before
    if (!document || publishedIdOf(id) !== id || document._type.startsWith('sanity.')) return []
    return [{ _type: document._type, _id: id }]
  })
}

async function deliver(options: WebhookOptions, body: { _type: string; _id: string }): Promise<Delivery> {
  const text = JSON.stringify(body)
  const started = performance.now()
  const ms = () => Math.round(performance.now() - started)
  try {
    const response = await fetch(options.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'sanity-webhook-signature': await encodeSignatureHeader(text, Date.now(), options.secret),
      },
      body: text,
      signal: AbortSignal.timeout(10_000),
    })
    await response.body?.cancel()
    return { id: body._id, type: body._type, status: response.status, ms: ms() }
  } catch (error) {
    const cause = (error as Error & { cause?: Error }).cause
    return { id: body._id, type: body._type, status: null, ms: ms(), error: cause?.message ?? (error as Error).message }
  }
}

function report({ type, id, status, ms, error }: Delivery) {
  const what = `content-api: webhook for ${type} "${id}"`
  if (status !== null && status < 300) console.log(`${what}: the site answered ${status} in ${ms} ms`)
  else console.warn(`${what} ${status === null ? `could not be delivered (${error})` : `was answered ${status}`}`)
}
