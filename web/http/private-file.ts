/**
 * A file made for one person (a label, an invoice, a day's payments): never cached, never indexed,
 * and its address not passed on as a referrer. Each route that answers with one uses these.
 */
export const PRIVATE_FILE_HEADERS = {
  'cache-control': 'private, no-store',
  'x-robots-tag': 'noindex',
  'referrer-policy': 'no-referrer',
} as const

/** A PDF for one person, opened in the browser under `filename`. */
export function privatePdf(bytes: Uint8Array, filename: string): Response {
  return new Response(Buffer.from(bytes), {
    headers: {
      ...PRIVATE_FILE_HEADERS,
      'content-type': 'application/pdf',
      'content-disposition': `inline; filename="${filename}"`,
    },
  })
}
