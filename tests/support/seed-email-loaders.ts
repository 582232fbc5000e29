import { readFileSync } from 'node:fs'

/**
 * The content loaders, as the data-layer tests need them: the E-mails document as the seed holds
 * it, so e-mails are written in the content's words. Jest's data-layer run (ES modules) cannot load
 * the real loaders' groq-js, hence `jest.mock('@/content/loaders', () => jest.requireActual(this file))`.
 */
export async function getEmailCopy() {
  return readFileSync('studio/seed/data.ndjson', 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { _id: string })
    .find((doc) => doc._id === 'emailCopy')
}

/** The Orders document's checkout words as the seed holds them: e-mails name the account paid with them. */
export function seedCheckoutWords(): import('@/content/types').OrderCopy['checkout'] {
  const orders = readFileSync('studio/seed/data.ndjson', 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { _id: string; checkout?: unknown })
    .find((doc) => doc._id === 'orderCopy')
  return orders!.checkout as import('@/content/types').OrderCopy['checkout']
}
