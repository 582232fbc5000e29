import 'server-only'
import type { Db } from '@/db/connection'
import { queueEmails, type QueuedEmail } from '@/mail/queue'
import { alertRise, startBaseline, watchedModels, type AlertRecipient } from './store'

/** A model's best price as published, as the catalogue query gives it. */
export type PublishedPrice = { _id: string; name: string | null; href: string | null; topPricePence: number | null }
export type Rise = { name: string; href: string; from: number; to: number }

/**
 * Compares each watched model's published best price with the price its alerts last went at, and
 * queues one e-mail (`mail`) per subscriber due one for each model whose price rose. Returns how
 * many were queued. A model first watched starts from its price now; a price that fell moves
 * nothing, so a price lowered and raised again alerts only above the last price alerted.
 */
export async function alertRisenPrices(
  db: Db,
  published: PublishedPrice[],
  mail: (recipient: AlertRecipient, rise: Rise) => QueuedEmail,
  now = new Date(),
  watched?: Array<{ modelId: string; pence: number | null }>,
): Promise<number> {
  watched ??= await watchedModels(db)
  if (!watched.length) return 0
  const prices = new Map(published.map((model) => [model._id, model]))
  let queued = 0
  for (const { modelId, pence } of watched) {
    const model = prices.get(modelId)
    const price = model?.topPricePence
    if (!model || typeof price !== 'number') continue
    if (pence === null) {
      await startBaseline(db, modelId, price, now)
      continue
    }
    if (price <= pence) continue
    const rise = { name: model.name ?? '', href: model.href ?? '/', from: pence, to: price }
    queued += await alertRise(
      db,
      { modelId, from: pence, to: price },
      (tx, recipients) =>
        queueEmails(
          tx,
          recipients.map((recipient) => mail(recipient, rise)),
        ),
      now,
    )
  }
  return queued
}
